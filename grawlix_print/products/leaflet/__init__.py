"""The rules leaflet: its text template, the panel layout and the tri-fold and reading PDFs."""
