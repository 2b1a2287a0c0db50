"""What each slicer reads from a 3MF beyond the meshes, as it reads it.

Checked against the slicers' own loaders (their source; neither Bambu Studio
nor Orca Slicer runs on our machines, PrusaSlicer does):

- PrusaSlicer (``src/libslic3r/Format/3mf.cpp``, ``src/slic3r/GUI/Plater.cpp``)
  takes parts, their names and extruders from ``Metadata/Slic3r_PE_model.config``
  (triangle ranges of one mesh object) and colour changes from
  ``Metadata/Prusa_Slicer_custom_gcode_per_print_z.xml``. The GUI applies the
  colour changes only when it opens a file as a project, which it does when the
  file holds ``Metadata/Slic3r_PE.config`` (or, from 2.9.1, when Application
  names ``PrusaSlicer-``). Any setting in that config file is laid over
  PrusaSlicer's built-in defaults and replaces the user's printer, print and
  filament presets, so ours holds no settings: the layer height travels as an
  object setting, which changes nothing else.
- Bambu Studio and Orca Slicer (``src/libslic3r/Format/bbs_3mf.cpp``,
  ``src/libslic3r/Model.cpp``) open a 3MF whose Application metadata contains
  ``PrusaSlicer`` with their copy of PrusaSlicer's loader, which reads only
  ``Slic3r_PE_model.config`` (parts and extruders: enough for the multi-material
  plates). Any other 3MF goes through their own loader, which builds parts only
  from components, reads ``Metadata/model_settings.config`` (objects, parts,
  plates) and, only when Application starts with ``BambuStudio-`` (Orca also
  accepts ``OrcaSlicer-``), ``Metadata/custom_gcode_per_layer.xml`` and
  ``Metadata/project_settings.config``.

So a multi-material plate names PrusaSlicer's dialect (every slicer then reads
the one part file), and a one-nozzle plate, whose tiles are single parts,
carries both dialects' colour change and names Bambu Studio's.
"""

from __future__ import annotations

import json
from xml.sax.saxutils import quoteattr

from .layers import LayerPlan, mm_text
from .threemf import Piece, object_id

PRUSA_DIALECT = "grawlix-print (PrusaSlicer-compatible 3MF)"
"""Contains "PrusaSlicer": Bambu Studio and Orca Slicer then read PrusaSlicer's part file;
contains "PrusaSlicer-": PrusaSlicer 2.9.1+ opens it as a project."""
BAMBU_DIALECT = "BambuStudio-02.00.00.00"
"""Bambu Studio reads a 3MF's settings only when Application starts with "BambuStudio-"
and names a version of its own major release, not newer than itself."""
BAMBU_NAMESPACE = ("BambuStudio", "http://schemas.bambulab.com/package/2021")
BAMBU_METADATA = (("BambuStudio:3mfVersion", "1"),)

PRUSA_MODEL_CONFIG = "Metadata/Slic3r_PE_model.config"
PRUSA_PROJECT_CONFIG = "Metadata/Slic3r_PE.config"
PRUSA_COLOUR_CHANGE = "Metadata/Prusa_Slicer_custom_gcode_per_print_z.xml"
BAMBU_MODEL_SETTINGS = "Metadata/model_settings.config"
BAMBU_PROJECT_SETTINGS = "Metadata/project_settings.config"
BAMBU_COLOUR_CHANGE = "Metadata/custom_gcode_per_layer.xml"
BAMBU_PLATE_PICTURE = "Metadata/plate_{}.png"

COLOUR_CHANGE = 0
"""``CustomGCode::Type::ColorChange`` in both lineages (PausePrint is 1)."""
SINGLE_EXTRUDER = "SingleExtruder"


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


def prusa_project_config(layers: LayerPlan) -> str:
    """A settings file with no settings: it makes PrusaSlicer open the file as a project.

    Only lines ``; key = value`` are settings; these comments are not.
    """
    return (
        "; Made by grawlix-print. This file holds no settings on purpose: its presence\n"
        "; makes PrusaSlicer open the 3MF as a project, with the colour change, while\n"
        "; your printer, print and filament profiles stay as they are.\n"
        f"; The tiles were made for a first layer of {mm_text(layers.first)} mm and layers\n"
        f"; of {mm_text(layers.layer)} mm (each tile carries its layer height).\n"
    )


def prusa_colour_change(layers: LayerPlan, colour_hex: str) -> str:
    """One M600 at the top of the first glyph-only layer (PrusaSlicer's print_z is a layer top)."""
    return (
        '<?xml version="1.0" encoding="utf-8"?>\n<custom_gcodes_per_print_z>\n'
        f'<code print_z="{mm_text(layers.swap_layer_top)}" type="{COLOUR_CHANGE}" extruder="1" '
        f'color="{colour_hex}" extra="" gcode="M600"/>\n'
        f'<mode value="{SINGLE_EXTRUDER}"/>\n</custom_gcodes_per_print_z>\n'
    )


def bambu_model_settings(pieces: list[Piece], layers: LayerPlan) -> str:
    """Objects (each a single-mesh tile whose one part is the object itself) and plates."""
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
    for plate in sorted({piece.plate for piece in pieces}):
        out.append("  <plate>\n")
        out.append(_bambu_meta("plater_id", str(plate), 4))
        out.append(_bambu_meta("locked", "false", 4))
        out.append(_bambu_meta("thumbnail_file", BAMBU_PLATE_PICTURE.format(plate), 4))
        for index, piece in enumerate(pieces):
            if piece.plate == plate:
                out.append("    <model_instance>\n")
                out.append(_bambu_meta("object_id", str(object_id(index)), 6))
                out.append(_bambu_meta("instance_id", "0", 6))
                out.append(_bambu_meta("identify_id", str(object_id(index)), 6))
                out.append("    </model_instance>\n")
        out.append("  </plate>\n")
    out.append("</config>\n")
    return "".join(out)


def _bambu_meta(key: str, value: str, indent: int) -> str:
    return f'{" " * indent}<metadata key="{key}" value={quoteattr(value)}/>\n'


def bambu_colour_change(layers: LayerPlan, colour_hex: str, plates: list[int]) -> str:
    """The same change on every plate (``top_z`` is the same layer top as PrusaSlicer's)."""
    out = ['<?xml version="1.0" encoding="utf-8"?>\n<custom_gcodes_per_layer>\n']
    for plate in plates:
        out.append(
            f'<plate>\n<plate_info id="{plate}"/>\n'
            f'<layer top_z="{mm_text(layers.swap_layer_top)}" type="{COLOUR_CHANGE}" extruder="1" '
            f'color="{colour_hex}" extra="" gcode="M600"/>\n'
            f'<mode value="{SINGLE_EXTRUDER}"/>\n</plate>\n'
        )
    out.append("</custom_gcodes_per_layer>\n")
    return "".join(out)


def bambu_project_settings(layers: LayerPlan) -> str:
    """The layer heights the change was computed for (Bambu's JSON keeps values as strings)."""
    settings = {
        "initial_layer_print_height": mm_text(layers.first),
        "layer_height": mm_text(layers.layer),
    }
    return json.dumps(settings, indent=4, sort_keys=True) + "\n"
