// Benchmark fixture: the hexagonal tiles of benchmarks/hexagons (a game of tables) in OpenSCAD, plate
// by plate, to time the two side by side (benchmarks/bench.py stl). What a hobbyist writes for a hex
// tile with a raised icon: a hexagon's body (a hull of three hexagons, for the 0.6 mm top and 0.4 mm
// bottom chamfers) plus a linear_extrude of the icon's SVG, imported from the same file grawlix-print
// reads. 24 tiles, 30 mm across the flats, four of each of six icons, two plates of twelve on a
// 180 x 180 mm bed, in the places and order grawlix-print's plates have them.
//
//   openscad -D plate=1 -o plate-1.stl benchmarks/hexagon_plate.scad    (plate=2: the second plate)
//   openscad -D tile=0 -o sun.stl benchmarks/hexagon_plate.scad         (one tile of an icon, 0 to 5)
//
// OpenSCAD 2021.01 flattens an SVG's curves into a fixed number of segments (it ignores $fn, $fa and
// $fs for import): its plates have fewer, longer facets than grawlix-print's (0.02 mm chords).
plate = 1;
tile = -1;

flats = 30;
body = 9.8;
relief = 4.8;
chamfer = 0.6;
foot = 0.4;
corners = flats * 2 / sqrt(3);
// Each icon fills 68 % of the hexagon across (20.4 mm), or 68 % of its height (23.56 mm) when it is
// taller than 0.866 of its width (the drop): grawlix-print's RELIEF_FRACTION.
wide = [0.68 * flats, 0];
tall = [0, 0.68 * corners];
icons = [["sun", wide], ["moon", wide], ["drop", tall], ["leaf", wide], ["coin", wide], ["heart", wide]];
copies = 4;
per_plate = 12;
across = 4;
pitch = flats + 8;                  // 8 mm between neighbours
down = (corners + 8 * 2 / sqrt(3)) * 0.75;  // offset rows nest

module hexagon(inset) { rotate(90) circle(r = (flats / 2 - inset) * 2 / sqrt(3), $fn = 6); }

module hexagonal_body() {
  hull() {
    linear_extrude(0.01) hexagon(foot);
    translate([0, 0, foot]) linear_extrude(body - foot - chamfer) hexagon(0);
    translate([0, 0, body - 0.01]) linear_extrude(0.01) hexagon(chamfer);
  }
}

module hex_tile(icon) {
  hexagonal_body();
  translate([0, 0, body - 0.01]) linear_extrude(relief + 0.01)
    resize(icon[1], auto = true) import(str("hexagons/templates/icons/", icon[0], ".svg"), center = true);
}

if (tile >= 0) {
  hex_tile(icons[tile]);
} else {
  first = (plate - 1) * per_plate;
  tiles = min(per_plate, len(icons) * copies - first);
  rows = ceil(tiles / across);
  width = (min(tiles, across) - 1) * pitch + (rows > 1 ? pitch / 2 : 0);
  for (i = [0 : tiles - 1]) {
    row = floor(i / across);
    x = 90 - width / 2 + (i % across) * pitch + (row % 2) * pitch / 2;
    y = 90 + (rows - 1) * down / 2 - row * down;
    translate([x, y, 0]) hex_tile(icons[floor((first + i) / copies)]);
  }
}
