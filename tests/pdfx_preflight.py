"""A PDF/X-1a:2003 preflight written from the standard's requirements (ISO 15930-4), for the tests.

No PDF/X validator installs here, so this reads a file back with pypdf (and
``pdf_vectors``' content-stream walker, for stroke widths) and lists what a
print shop's preflight would reject. It shares no code with the renderer. What
it checks, each a clause of the standard or of the shop's brief:

* the header's PDF version is 1.4 or lower (X-1a:2003 is built on PDF 1.4), no
  encryption, a document ID in the trailer;
* the Info dictionary: ``GTS_PDFXVersion`` is ``PDF/X-1a:2003``, ``Trapped`` is
  True or False, ``Title``, ``CreationDate`` and ``ModDate`` are there; an XMP
  packet that names a PDF/X version names the same one;
* exactly one output intent of subtype ``GTS_PDFX`` with an
  ``OutputConditionIdentifier``; without an embedded profile, the identifier is
  a condition registered with the ICC and ``RegistryName`` says where;
* every page has a TrimBox (and no ArtBox beside it), boxes nested: TrimBox in
  BleedBox in MediaBox;
* every font embedded (its descriptor has a font file), pages' and forms' alike;
* colour: only DeviceCMYK and DeviceGray, in content streams (no ``rg``/``RG``,
  no ``cs`` to another space), colour-space resources and images;
* no transparency: no soft masks, constant alpha 1, normal blending, no
  transparency groups;
* no annotation on or inside the BleedBox (printer's marks and trap networks
  excepted), no JavaScript or additional actions;
* no LZW, JBIG2 or JPEG 2000 filters, no PostScript XObjects, no transfer functions;
* and the shop's own rule: no stroke thinner than 0.25 pt anywhere.
"""

from __future__ import annotations

import re
from pathlib import Path

from pypdf import PdfReader
from pypdf.generic import ArrayObject, DictionaryObject, IndirectObject, NameObject

from pdf_vectors import page_marks

MIN_STROKE_PT = 0.25
REGISTERED_CONDITIONS = {
    "FOGRA27", "FOGRA28", "FOGRA29", "FOGRA30", "FOGRA39", "FOGRA40", "FOGRA45", "FOGRA47", "FOGRA51", "FOGRA52",
    "CGATS TR 001", "CGATS TR 003", "CGATS TR 005", "CGATS TR 006", "CGATS21-2-RSP", "CGATS21-2-CRPC6",
    "JC200103", "JCW2003", "IFRA26", "IFRA30",
}  # fmt: skip
"""Reference names from the ICC's registry of characterisation data (color.org): a PDF/X file
may name one of these instead of embedding an output profile."""
DATE = re.compile(r"^D:\d{4}(\d{2}(\d{2}(\d{2}(\d{2}(\d{2})?)?)?)?)?([Z+\-].*)?$")
ALLOWED_SPACES = {"/DeviceCMYK", "/DeviceGray"}
BANNED_FILTERS = {"/LZWDecode", "/JBIG2Decode", "/JPXDecode"}
_OPERATOR = re.compile(rb"(?<![A-Za-z0-9/])(rg|RG|cs|CS|sc|SC|scn|SCN|BI|sh)(?![A-Za-z0-9*'\"])")


def preflight(path: str | Path) -> list[str]:
    """Every PDF/X-1a:2003 problem found in the file at ``path``; empty if it passes."""
    reader = PdfReader(str(path))
    problems: list[str] = []
    problems += _document(reader, Path(path).read_bytes())
    seen: set[int] = set()
    for number, page in enumerate(reader.pages, 1):
        problems += [f"page {number}: {p}" for p in _page(reader, page, seen)]
        widths = [m.width for m in page_marks(reader, number - 1) if m.width is not None]
        thin = [w for w in widths if w < MIN_STROKE_PT - 1e-6]
        if thin:
            problems.append(f"page {number}: {len(thin)} strokes under {MIN_STROKE_PT} pt (thinnest {min(thin):.3f} pt)")
    return problems


def _document(reader: PdfReader, data: bytes) -> list[str]:
    problems = []
    version = re.match(rb"%PDF-(\d+)\.(\d+)", data)
    if not version or (int(version[1]), int(version[2])) > (1, 4):
        problems.append(f"header {data[:8]!r}: PDF/X-1a:2003 is PDF 1.4 at most")
    trailer = reader.trailer
    if "/Encrypt" in trailer:
        problems.append("the file is encrypted")
    ids = trailer.get("/ID")
    if not isinstance(ids, ArrayObject) or len(ids) != 2:
        problems.append("no document ID in the trailer")
    info = trailer.get("/Info")
    info = info.get_object() if info is not None else DictionaryObject()
    if info.get("/GTS_PDFXVersion") != "PDF/X-1a:2003":
        problems.append(f"Info GTS_PDFXVersion is {info.get('/GTS_PDFXVersion')!r}, not 'PDF/X-1a:2003'")
    if info.get("/Trapped") not in ("/True", "/False") or not isinstance(info.get("/Trapped"), NameObject):
        problems.append(f"Info Trapped is {info.get('/Trapped')!r}, not /True or /False")
    if not str(info.get("/Title", "")).strip():
        problems.append("Info has no Title")
    for key in ("/CreationDate", "/ModDate"):
        if not DATE.match(str(info.get(key, ""))):
            problems.append(f"Info {key[1:]} is {info.get(key)!r}, not a PDF date")
    root = trailer["/Root"].get_object()
    problems += _output_intents(root)
    metadata = root.get("/Metadata")
    if metadata is not None:
        packet = metadata.get_object().get_data().decode("utf-8", "replace")
        said = re.search(r"GTS_PDFXVersion(?:>|=\")([^<\"]*)", packet)
        if said and said.group(1) != info.get("/GTS_PDFXVersion"):
            problems.append(f"XMP names {said.group(1)!r}, the Info dictionary {info.get('/GTS_PDFXVersion')!r}")
        title = re.search(r"<dc:title>.*?<rdf:li[^>]*>(.*?)</rdf:li>", packet, re.S)
        if title and _unescape(title.group(1)) != str(info.get("/Title", "")):
            problems.append("the XMP title differs from the Info dictionary's")
    for key in ("/OpenAction", "/AA", "/AcroForm"):
        if key in root:
            problems.append(f"the catalog has {key}")
    names = root.get("/Names")
    if names is not None and "/JavaScript" in names.get_object():
        problems.append("the document carries JavaScript")
    return problems


def _unescape(text: str) -> str:
    return text.replace("&lt;", "<").replace("&gt;", ">").replace("&quot;", '"').replace("&#x27;", "'").replace("&amp;", "&")


def _output_intents(root: DictionaryObject) -> list[str]:
    intents = [i.get_object() for i in root.get("/OutputIntents", [])]
    pdfx = [i for i in intents if i.get("/S") == "/GTS_PDFX"]
    if len(pdfx) != 1:
        return [f"{len(pdfx)} output intents of subtype GTS_PDFX (exactly one is needed)"]
    intent = pdfx[0]
    identifier = str(intent.get("/OutputConditionIdentifier", ""))
    if not identifier:
        return ["the output intent has no OutputConditionIdentifier"]
    if "/DestOutputProfile" not in intent:
        if identifier not in REGISTERED_CONDITIONS:
            return [f"the output intent embeds no profile and {identifier!r} is not a registered condition"]
        if "color.org" not in str(intent.get("/RegistryName", "")):
            return ["the output intent names a registered condition but not its registry (RegistryName)"]
    return []


def _page(reader: PdfReader, page, seen: set[int]) -> list[str]:
    problems = []
    media = _box(page, "/MediaBox")
    trim = _box(page, "/TrimBox")
    bleed = _box(page, "/BleedBox") or trim
    if trim is None:
        problems.append("no TrimBox")
    elif "/ArtBox" in page:
        problems.append("both a TrimBox and an ArtBox")
    elif not (_inside(trim, bleed) and _inside(bleed, media)):
        problems.append(f"boxes not nested: trim {trim}, bleed {bleed}, media {media}")
    for annotation in page.get("/Annots", []) or []:
        annotation = annotation.get_object()
        kind = annotation.get("/Subtype")
        rect = [float(v) for v in annotation.get("/Rect", [0, 0, 0, 0])]
        area = bleed or media
        overlaps = rect[0] < area[2] and rect[2] > area[0] and rect[1] < area[3] and rect[3] > area[1]
        if kind not in ("/PrinterMark", "/TrapNet") and overlaps:
            problems.append(f"a {kind} annotation inside the BleedBox at {rect}")
    if "/AA" in page:
        problems.append("the page has additional actions")
    if "/Group" in page and page["/Group"].get("/S") == "/Transparency":
        problems.append("a transparency group")
    contents = page.get("/Contents")
    if contents is not None:
        contents = contents.get_object()
        streams = contents if isinstance(contents, list) else [contents]
        data = b"\n".join(s.get_object().get_data() for s in streams)
        problems += _stream(data, page.get("/Resources"))
        for stream in streams:
            problems += _filters(stream.get_object())
    problems += _resources(reader, page.get("/Resources"), seen)
    return problems


def _box(page, key: str) -> tuple[float, ...] | None:
    value = page.get(key)
    return tuple(float(v) for v in value) if value is not None else None


def _inside(inner, outer) -> bool:
    e = 1e-3
    return inner[0] >= outer[0] - e and inner[1] >= outer[1] - e and inner[2] <= outer[2] + e and inner[3] <= outer[3] + e


def _filters(stream) -> list[str]:
    filters = stream.get("/Filter")
    names = [str(f) for f in (filters if isinstance(filters, ArrayObject) else [filters] if filters else [])]
    return [f"a stream compressed with {name[1:]}" for name in names if name in BANNED_FILTERS]


def _stream(data: bytes, resources) -> list[str]:
    """Colour operators in a content stream: only CMYK (k/K) and grey (g/G) may set a colour."""
    problems = []
    spaces = resources.get_object().get("/ColorSpace", {}) if resources is not None else {}
    # Strings may hold anything; operators are looked for outside them.
    bare = re.sub(rb"\((?:\\.|[^\\)])*\)", b"()", data)
    for match in _OPERATOR.finditer(bare):
        op = match.group(1).decode()
        if op in ("rg", "RG"):
            problems.append(f"RGB colour ({op})")
        elif op in ("cs", "CS"):
            name = bare[: match.start()].split()[-1].decode() if bare[: match.start()].split() else ""
            if name not in ALLOWED_SPACES and _space_of(spaces.get(name)) not in ALLOWED_SPACES:
                problems.append(f"colour space {name} ({op})")
        elif op == "BI":
            problems.append("an inline image")
        elif op == "sh":
            problems.append("a shading (sh), whose colour space is not checked here")
    return sorted(set(problems))


def _space_of(space) -> str:
    if space is None:
        return ""
    space = space.get_object()
    if isinstance(space, ArrayObject):
        return str(space[0])
    return str(space)


def _resources(reader: PdfReader, resources, seen: set[int], depth: int = 0) -> list[str]:
    """Fonts, colour spaces, graphics states and XObjects, following forms into their own resources."""
    if resources is None or depth > 20:
        return []
    resources = resources.get_object()
    problems = []
    for name, font in resources.get("/Font", {}).items():
        problems += _font(name, font)
    for name, space in resources.get("/ColorSpace", {}).items():
        if _space_of(space) not in ALLOWED_SPACES and _space_of(space) not in ("/Separation", "/DeviceN"):
            problems.append(f"colour space {name} is {_space_of(space)}")
    for name, state in resources.get("/ExtGState", {}).items():
        state = state.get_object()
        if state.get("/SMask", "/None") != "/None":
            problems.append(f"graphics state {name} has a soft mask")
        for key in ("/CA", "/ca"):
            if key in state and float(state[key]) != 1.0:
                problems.append(f"graphics state {name} has {key[1:]} {state[key]} (transparency)")
        if state.get("/BM", "/Normal") not in ("/Normal", "/Compatible"):
            problems.append(f"graphics state {name} blends with {state['/BM']}")
        if "/TR" in state or state.get("/TR2", "/Default") != "/Default":
            problems.append(f"graphics state {name} has a transfer function")
    for name, ref in resources.get("/XObject", {}).items():
        key = ref.idnum if isinstance(ref, IndirectObject) else id(ref)
        if key in seen:
            continue
        seen.add(key)
        xobject = ref.get_object()
        problems += _filters(xobject)
        kind = xobject.get("/Subtype")
        if kind == "/Image":
            if _space_of(xobject.get("/ColorSpace")) not in ALLOWED_SPACES and not xobject.get("/ImageMask"):
                problems.append(f"image {name} in {_space_of(xobject.get('/ColorSpace'))}")
            if "/SMask" in xobject:
                problems.append(f"image {name} has a soft mask (transparency)")
        elif kind == "/PS" or xobject.get("/Subtype2") == "/PS":
            problems.append(f"PostScript XObject {name}")
        elif kind == "/Form":
            if xobject.get("/Group", {}).get("/S") == "/Transparency":
                problems.append(f"form {name} is a transparency group")
            problems += [f"form {name}: {p}" for p in _stream(xobject.get_data(), xobject.get("/Resources"))]
            problems += _resources(reader, xobject.get("/Resources"), seen, depth + 1)
    return problems


def _font(name: str, font) -> list[str]:
    font = font.get_object()
    kind = font.get("/Subtype")
    if kind == "/Type3":
        return []  # drawn by the file's own procedures
    if kind == "/Type0":
        return [p for descendant in font.get("/DescendantFonts", []) for p in _font(name, descendant)]
    descriptor = font.get("/FontDescriptor")
    descriptor = descriptor.get_object() if descriptor is not None else {}
    if not any(key in descriptor for key in ("/FontFile", "/FontFile2", "/FontFile3")):
        return [f"font {name} ({font.get('/BaseFont')}) is not embedded"]
    return []
