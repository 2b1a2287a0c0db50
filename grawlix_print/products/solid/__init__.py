"""3D-printable tiles: a light body with the glyph raised on top in an accent colour.

With one nozzle the colour comes from a filament change at the height where
the body ends, so that height has to be a layer boundary of the user's slicer
settings. Pure modules (``layers``, ``shapes``, ``marks``, ``plates``,
``instructions``, ``threemf``, ``dialects``, ``picture``) import no CAD code;
``model`` and ``mesh`` import OpenCASCADE (OCP, which CadQuery brings) and are loaded only by
``build`` once every option has been checked.
"""
