"""What each slicer reads from a 3MF beyond the meshes, as it reads it.

Checked against the slicers' own loaders (their source; neither Bambu Studio
nor Orca Slicer runs on our machines, PrusaSlicer does):

- PrusaSlicer (``src/libslic3r/Format/3mf.cpp``, ``src/slic3r/GUI/Plater.cpp``)
  takes parts, their names and extruders from ``Metadata/Slic3r_PE_model.config``
  (triangle ranges of one mesh object) and colour changes, pauses and tool
  changes from ``Metadata/Prusa_Slicer_custom_gcode_per_print_z.xml``. The GUI
  applies them only when it opens a file as a project, which it does when the
  file holds ``Metadata/Slic3r_PE.config`` (or, from 2.9.1, when Application
  names ``PrusaSlicer-``). Any setting in that config file is laid over
  PrusaSlicer's built-in defaults and replaces the user's printer, print and
  filament presets, so ours holds no settings: the layer height travels as an
  object setting, which changes nothing else.
- Bambu Studio and Orca Slicer (``src/libslic3r/Format/bbs_3mf.cpp``,
  ``src/libslic3r/Model.cpp``, ``Plater::priv::load_files`` in
  ``src/slic3r/GUI/Plater.cpp``) open a 3MF whose Application metadata contains
  ``PrusaSlicer`` with their copy of PrusaSlicer's loader, which reads only
  ``Slic3r_PE_model.config`` (parts, extruders, object settings), and say the
  file "is not from Bambu Lab" (Orca: "is not supported"), loading its geometry
  only. Any other 3MF goes through their own loader, which builds parts only from
  components and reads ``Metadata/model_settings.config`` (objects, parts,
  plates) and, when Application starts with ``BambuStudio-``,
  ``Metadata/custom_gcode_per_layer.xml`` and ``Metadata/project_settings.config``.
  ``load_files`` keeps the plates' custom G-code only when it loads the file's
  settings too, and it loads them as the project's printer, process and filament
  presets (``PresetBundle::load_config_model``, over the built-in defaults); a
  file without settings is geometry only in Bambu Studio 2.x and in Orca Slicer
  since 2.3.2, while Bambu Studio 1.x keeps its change and leaves the presets
  alone when the file names a 1.x version (a newer major loads geometry only).
  A file loaded without settings is centred on the bed as one group
  (``Model::center_instances_around_point``), so only one plate per file survives.

So a multi-material plate names PrusaSlicer's dialect (every slicer then reads
the one part file), and a one-nozzle plate, whose tiles are single parts,
carries both dialects' change, names a Bambu Studio 1.x version and holds no
project settings: no slicer replaces the user's presets with the file's.
"""

from __future__ import annotations

from dataclasses import dataclass

from .layers import LayerPlan, mm_text
from .threemf import Piece, object_id, quoteattr

PRUSA_DIALECT = "grawlix-print (PrusaSlicer-compatible 3MF)"
"""Contains "PrusaSlicer": Bambu Studio and Orca Slicer then read PrusaSlicer's part file;
contains "PrusaSlicer-": PrusaSlicer 2.9.1+ opens it as a project."""
BAMBU_DIALECT = "BambuStudio-01.00.00.00"
"""Bambu Studio reads a 3MF's own files only when Application starts with "BambuStudio-"; 1.x
reads them only from a file of its own major version (2.x: not newer than its own), and
shows no "newer version" notice for a version at or below its own: the first 1.x release."""
BAMBU_NAMESPACE = ("BambuStudio", "http://schemas.bambulab.com/package/2021")
BAMBU_METADATA = (("BambuStudio:3mfVersion", "1"),)

PRUSA_MODEL_CONFIG = "Metadata/Slic3r_PE_model.config"
PRUSA_PROJECT_CONFIG = "Metadata/Slic3r_PE.config"
PRUSA_COLOUR_CHANGE = "Metadata/Prusa_Slicer_custom_gcode_per_print_z.xml"
BAMBU_MODEL_SETTINGS = "Metadata/model_settings.config"
BAMBU_PROJECT_SETTINGS = "Metadata/project_settings.config"
"""Never written: Bambu Studio and Orca Slicer would load it as the user's presets."""
BAMBU_COLOUR_CHANGE = "Metadata/custom_gcode_per_layer.xml"
BAMBU_PLATE_PICTURE = "Metadata/plate_1.png"


@dataclass(frozen=True)
class Change:
    """What happens at the first relief-only layer, as both lineages store it
    (``CustomGCode::Item``: type, extruder, G-code name; ``CustomGCode::Mode``)."""

    name: str
    kind: int
    """``CustomGCode::Type``: ColorChange 0, PausePrint 1, ToolChange 2."""
    gcode: str
    mode: str
    """SingleExtruder: one extruder; MultiAsSingle: a multi-extruder printer printing
    with one, whose tool changes are set by height."""
    extruder: int
    """The extruder printing after the change."""


CHANGES = {
    "m600": Change("m600", 0, "M600", "SingleExtruder", 1),
    "pause": Change("pause", 1, "M601", "SingleExtruder", 1),
    "tool": Change("tool", 2, "tool_change", "MultiAsSingle", 2),
}
"""``--colour-change``: a filament change (M600), a pause (the printer profile's pause
G-code: M601, or PAUSE on Klipper), or a switch to tool/filament 2."""


def prusa_model_config(pieces: list[Piece], layers: LayerPlan) -> str:
    """Each tile's parts (triangle ranges), their names and extruders, and its layer height."""
    out = ['<?xml version="1.0" encoding="UTF-8"?>\n<config>\n']
    for index, piece in enumerate(pieces):
        out.append(f' <object id="{object_id(index)}" instances_count="1">\n')
        out.append(_prusa_meta("object", "name", piece.name))
        out.append(_prusa_meta("object", "layer_height", mm_text(layers.layer)))
        for part, (first, last) in zip(piece.parts, piece.part_ranges()):
            out.append(f'  <volume firstid="{first}" lastid="{last}">\n')
            out.append(_prusa_meta("volume", "name", part.name, indent=3))
            out.append(_prusa_meta("volume", "volume_type", "ModelPart", indent=3))
            out.append(_prusa_meta("volume", "extruder", str(part.filament), indent=3))
            out.append("  </volume>\n")
        out.append(" </object>\n")
    out.append("</config>\n")
    return "".join(out)


def _prusa_meta(kind: str, key: str, value: str, indent: int = 2) -> str:
    return f'{" " * indent}<metadata type="{kind}" key="{key}" value={quoteattr(value)}/>\n'


def prusa_project_config(layers: LayerPlan, plural: str = "tiles", singular: str = "tile") -> str:
    """A settings file with no settings: it makes PrusaSlicer open the file as a project.

    Only lines ``; key = value`` are settings; these comments are not (the pieces are
    named in their kind's words).
    """
    return (
        "; Made by grawlix-print. This file holds no settings on purpose: its presence\n"
        "; makes PrusaSlicer open the 3MF as a project, with the change set, while\n"
        "; your printer, print and filament profiles stay as they are.\n"
        f"; The {plural} were made for a first layer of {mm_text(layers.first)} mm and layers\n"
        f"; of {mm_text(layers.layer)} mm (each {singular} carries its layer height).\n"
    )


def prusa_colour_change(layers: LayerPlan, change: Change, colour_hex: str, message: str) -> str:
    """The change at the top of the first relief-only layer (PrusaSlicer's print_z is a layer
    top); ``message`` is what a pause shows on the printer's screen."""
    return (
        '<?xml version="1.0" encoding="utf-8"?>\n<custom_gcodes_per_print_z>\n'
        + _change_code("code", "print_z", layers, change, colour_hex, message)
        + f'<mode value="{change.mode}"/>\n</custom_gcodes_per_print_z>\n'
    )


def _change_code(tag: str, z_key: str, layers: LayerPlan, change: Change, colour_hex: str, message: str) -> str:
    extra = message if change.kind == CHANGES["pause"].kind else ""
    return (
        f'<{tag} {z_key}="{mm_text(layers.swap_layer_top)}" type="{change.kind}" '
        f'extruder="{change.extruder}" color="{colour_hex}" extra={quoteattr(extra)} '
        f'gcode="{change.gcode}"/>\n'
    )


def bambu_model_settings(pieces: list[Piece], layers: LayerPlan) -> str:
    """Objects (each a single-mesh tile whose one part is the object itself), all on plate 1."""
    out = ['<?xml version="1.0" encoding="UTF-8"?>\n<config>\n']
    for index, piece in enumerate(pieces):
        number = object_id(index)
        out.append(f'  <object id="{number}">\n')
        out.append(_bambu_meta("name", piece.name, 4))
        out.append(_bambu_meta("extruder", str(piece.parts[0].filament), 4))
        out.append(_bambu_meta("layer_height", mm_text(layers.layer), 4))
        out.append(f'    <part id="{number}" subtype="normal_part">\n')
        out.append(_bambu_meta("name", piece.parts[0].name, 6))
        out.append("    </part>\n  </object>\n")
    out.append("  <plate>\n")
    out.append(_bambu_meta("plater_id", "1", 4))
    out.append(_bambu_meta("locked", "false", 4))
    out.append(_bambu_meta("thumbnail_file", BAMBU_PLATE_PICTURE, 4))
    for index in range(len(pieces)):
        out.append("    <model_instance>\n")
        out.append(_bambu_meta("object_id", str(object_id(index)), 6))
        out.append(_bambu_meta("instance_id", "0", 6))
        out.append(_bambu_meta("identify_id", str(object_id(index)), 6))
        out.append("    </model_instance>\n")
    out.append("  </plate>\n</config>\n")
    return "".join(out)


def _bambu_meta(key: str, value: str, indent: int) -> str:
    return f'{" " * indent}<metadata key="{key}" value={quoteattr(value)}/>\n'


def bambu_colour_change(layers: LayerPlan, change: Change, colour_hex: str, message: str) -> str:
    """The same change on plate 1 (``top_z`` is the same layer top as PrusaSlicer's)."""
    return (
        '<?xml version="1.0" encoding="utf-8"?>\n<custom_gcodes_per_layer>\n'
        '<plate>\n<plate_info id="1"/>\n'
        + _change_code("layer", "top_z", layers, change, colour_hex, message)
        + f'<mode value="{change.mode}"/>\n</plate>\n</custom_gcodes_per_layer>\n'
    )
