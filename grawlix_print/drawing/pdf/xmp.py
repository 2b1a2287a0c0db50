"""XMP metadata: title, authors, keywords and the licence in the form archives read.

The PDF Info dictionary has no licence field;
XMP has ``xmpRights`` and Creative Commons' own ``cc:license``, which library
catalogues and image tools pick up. reportlab writes the stream (its ``XMP``
class); this module only composes the packet, which ``canvas.new_canvas``
attaches. No dates, so output stays byte-for-byte reproducible.
"""

from __future__ import annotations

from dataclasses import dataclass
from html import escape  # XML-safe too; xml.sax.saxutils would pull in urllib (30 ms)

from reportlab.pdfbase.pdfdoc import XMP
from reportlab.pdfgen.canvas import Canvas


@dataclass(frozen=True)
class XmpFields:
    title: str
    authors: tuple[str, ...]
    description: str
    keywords: tuple[str, ...]
    licence: str
    licence_url: str
    creator_tool: str
    pdfx_version: str | None = None
    """The PDF/X standard the file keeps, said again as the Info dictionary says it (``pdfx.py``)."""


def _alt(text: str) -> str:
    return f'<rdf:Alt><rdf:li xml:lang="x-default">{escape(text)}</rdf:li></rdf:Alt>'


def _items(kind: str, items: tuple[str, ...]) -> str:
    return f"<rdf:{kind}>" + "".join(f"<rdf:li>{escape(i)}</rdf:li>" for i in items) + f"</rdf:{kind}>"


def xmp_packet(fields: XmpFields) -> str:
    return "\n".join([
        '<?xpacket begin="\ufeff" id="W5M0MpCehiHzreSzNTczkc9d"?>',
        '<x:xmpmeta xmlns:x="adobe:ns:meta/">',
        '<rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">',
        '<rdf:Description rdf:about=""',
        ' xmlns:dc="http://purl.org/dc/elements/1.1/"',
        ' xmlns:pdf="http://ns.adobe.com/pdf/1.3/"',
        ' xmlns:xmp="http://ns.adobe.com/xap/1.0/"',
        ' xmlns:xmpRights="http://ns.adobe.com/xap/1.0/rights/"',
        ' xmlns:cc="http://creativecommons.org/ns#"' + (' xmlns:pdfx="http://ns.adobe.com/pdfx/1.3/">' if fields.pdfx_version else ">"),
        "<dc:format>application/pdf</dc:format>",
        f"<dc:title>{_alt(fields.title)}</dc:title>",
        f"<dc:creator>{_items('Seq', fields.authors)}</dc:creator>",
        f"<dc:description>{_alt(fields.description)}</dc:description>",
        f"<dc:subject>{_items('Bag', fields.keywords)}</dc:subject>",
        f"<dc:rights>{_alt(fields.licence)}</dc:rights>",
        f"<pdf:Keywords>{escape(', '.join(fields.keywords))}</pdf:Keywords>",
        f"<xmp:CreatorTool>{escape(fields.creator_tool)}</xmp:CreatorTool>",
        "<xmpRights:Marked>True</xmpRights:Marked>",
        f"<xmpRights:WebStatement>{escape(fields.licence_url)}</xmpRights:WebStatement>",
        f'<cc:license rdf:resource="{escape(fields.licence_url)}"/>',
        *(("<pdf:Trapped>False</pdf:Trapped>", f"<pdfx:GTS_PDFXVersion>{escape(fields.pdfx_version)}</pdfx:GTS_PDFXVersion>")
          if fields.pdfx_version else ()),
        "</rdf:Description>",
        "</rdf:RDF>",
        "</x:xmpmeta>",
        '<?xpacket end="w"?>',
    ])  # fmt: skip


def attach_xmp(canvas: Canvas, fields: XmpFields) -> None:
    """Make the packet the document's metadata stream (uncompressed, as XMP readers expect)."""
    packet = xmp_packet(fields).encode("utf-8")
    stream = XMP(creator=lambda doc: packet)
    stream.filters = []
    canvas.setCatalogEntry("Metadata", stream)  # public: a stream object is set as it is
