"""Card-stock tile sheets and sticker sheets: page layout (pure geometry) and the PDFs."""
