"""``grawlix-print all``: every product in one staged, cached build, with previews and a manifest."""
