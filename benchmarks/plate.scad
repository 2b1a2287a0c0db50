// Benchmark fixture: an OpenSCAD model comparable to grawlix-print's raised plate, to time
// the two side by side (benchmarks/bench.py). Six 28 mm tiles, 9.8 mm bodies with a 0.6 mm
// top chamfer and a 0.4 mm bottom chamfer, each glyph 19 mm wide and raised 4.8 mm.
// Curve settings give about as many triangles as grawlix-print's plate (about 9,000). The glyphs'
// typeface is the one grawlix-print draws them from, loaded from its file (not a system font, which
// OpenSCAD would otherwise replace with its default face: other outlines, other work).
use <../grawlix_print/fonts/ComicNeue-Bold.otf>
$fa = 3;
$fs = 0.25;

size = 28;
body = 9.8;
relief = 4.8;
chamfer = 0.6;
foot = 0.4;
box = 19.04;
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

module tile(glyph) {
  union() {
    chamfered_body();
    translate([0, 0, body - 0.01])
      linear_extrude(relief + 0.01)
        resize([box, 0], auto = true)
          text(glyph, font = "Comic Neue:style=Bold", halign = "center", valign = "center");
  }
}

for (i = [0:5]) translate([(i % 3) * 36, -floor(i / 3) * 36, 0]) tile(glyphs[i]);
