// Benchmark fixture: the hexagon plate of benchmarks/hexagons (a game of tables) in OpenSCAD, to
// time the two side by side (benchmarks/bench.py stl). Six pointy-top hexagonal tiles 30 mm across
// the flats, 9.8 mm bodies with a 0.6 mm top chamfer and a 0.4 mm bottom chamfer, each raising a
// star (three to eight points, the SVGs' own corners, scaled and placed as grawlix-print places
// them) 4.8 mm: the hobbyist's linear_extrude of a hexagon plus the symbol's polygon.
flats = 30;
body = 9.8;
relief = 4.8;
chamfer = 0.6;
foot = 0.4;

// a regular hexagon, a point at the top, moved in by `inset` on every side
module hexagon(inset) { rotate(90) circle(r = (flats / 2 - inset) * 2 / sqrt(3), $fn = 6); }

module hexagonal_body() {
  hull() {
    linear_extrude(0.01) hexagon(foot);
    translate([0, 0, foot]) linear_extrude(body - foot - chamfer) hexagon(0);
    translate([0, 0, body - 0.01]) linear_extrude(0.01) hexagon(chamfer);
  }
}

module tile(star) {
  union() {
    hexagonal_body();
    translate([0, 0, body - 0.01]) linear_extrude(relief + 0.01) polygon(star);
  }
}
translate([-47.5000, 16.4545, 0]) tile([[0.0000, 8.8335], [-4.8573, -0.1402], [-10.2000, -8.8335], [0.0000, -8.5530], [10.2000, -8.8335], [4.8573, -0.1402]]);
translate([-9.5000, 16.4545, 0]) tile([[0.0000, 10.2000], [-3.4345, 3.4345], [-10.2000, 0.0000], [-3.4345, -3.4345], [0.0000, -10.2000], [3.4345, -3.4345], [10.2000, 0.0000], [3.4345, 3.4345]]);
translate([28.5000, 16.4545, 0]) tile([[0.0000, 9.7009], [-3.0020, 3.1076], [-10.2000, 2.2902], [-4.8572, -2.6022], [-6.3040, -9.7009], [0.0000, -6.1313], [6.3040, -9.7009], [4.8572, -2.6022], [10.2000, 2.2902], [3.0020, 3.1076]]);
translate([-28.5000, -16.4545, 0]) tile([[0.0000, 11.7779], [-2.8043, 4.8573], [-10.2000, 5.8890], [-5.6085, 0.0000], [-10.2000, -5.8890], [-2.8043, -4.8573], [0.0000, -11.7779], [2.8043, -4.8573], [10.2000, -5.8890], [5.6085, 0.0000], [10.2000, 5.8890], [2.8043, 4.8573]]);
translate([9.5000, -16.4545, 0]) tile([[0.0000, 9.9443], [-2.1617, 3.9706], [-8.1798, 6.0052], [-4.8572, 0.5905], [-10.2000, -2.8461], [-3.8952, -3.6243], [-4.5394, -9.9443], [0.0000, -5.5001], [4.5394, -9.9443], [3.8952, -3.6243], [10.2000, -2.8461], [4.8572, 0.5905], [8.1798, 6.0052], [2.1617, 3.9706]]);
translate([47.5000, -16.4545, 0]) tile([[0.0000, 10.2000], [-1.8588, 4.4875], [-7.2124, 7.2124], [-4.4875, 1.8588], [-10.2000, 0.0000], [-4.4875, -1.8588], [-7.2124, -7.2124], [-1.8588, -4.4875], [0.0000, -10.2000], [1.8588, -4.4875], [7.2124, -7.2124], [4.4875, -1.8588], [10.2000, 0.0000], [4.4875, 1.8588], [7.2124, 7.2124], [1.8588, 4.4875]]);
