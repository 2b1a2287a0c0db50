// Benchmark fixture: Grawlix's raised tiles in OpenSCAD, to time beside grawlix-print
// (benchmarks/bench.py stl). 28 mm tiles, 9.8 mm bodies with a 0.6 mm top chamfer and a 0.4 mm
// bottom chamfer, each glyph 19.04 mm tall (68 % of the tile: every glyph is taller than
// wide) and raised 4.8 mm, in the places grawlix-print's plates
// have them on a 180 x 180 mm bed:
//
//   openscad -D plate=0 -o plate.stl benchmarks/plate.scad   the one-nozzle plate: the six glyphs
//                                                             (printed once per colour, six times)
//   openscad -D plate=1 -o set-1.stl benchmarks/plate.scad   the set's 36 tiles, a bed's worth (12)
//                                                             to a plate: plates 1, 2 and 3
//   openscad -D tile=0 -o at.stl benchmarks/plate.scad       one tile of a glyph (0 to 5)
//
// Curve settings give about as many triangles as grawlix-print's plates. The glyphs' typeface is the
// one grawlix-print draws them from, loaded from its file (not a system font, which OpenSCAD would
// otherwise replace with its default face: other outlines, other work).
use <../grawlix_print/fonts/ComicNeue-Bold.otf>
$fa = 3;
$fs = 0.25;
plate = 0;
tile = -1;

size = 28;
body = 9.8;
relief = 4.8;
chamfer = 0.6;
foot = 0.4;
box = 19.04;
pitch = size + 8;  // 8 mm between neighbours
glyphs = ["@", "#", "$", "%", "&", "*"];

module slab(side, z, height) {
  translate([-side / 2, -side / 2, z]) cube([side, side, height]);
}

module chamfered_body() {
  hull() {
    slab(size - 2 * foot, 0, 0.01);
    slab(size, foot, body - foot - chamfer);
    slab(size - 2 * chamfer, body - 0.01, 0.01);
  }
}

module glyph_tile(glyph) {
  union() {
    chamfered_body();
    translate([0, 0, body - 0.01])
      linear_extrude(relief + 0.01)
        resize([0, box], auto = true)
          text(glyph, font = "Comic Neue:style=Bold", halign = "center", valign = "center");
  }
}

// `count` tiles `across` to a row, centred on the bed; the glyphs in turn
module grid(count, across) {
  rows = ceil(count / across);
  for (i = [0 : count - 1])
    translate([90 - (across - 1) * pitch / 2 + (i % across) * pitch, 90 + (rows - 1) * pitch / 2 - floor(i / across) * pitch, 0])
      glyph_tile(glyphs[i % 6]);
}

if (tile >= 0) glyph_tile(glyphs[tile]);
else if (plate == 0) grid(6, 3);
else grid(12, 4);
