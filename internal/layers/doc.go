// Package layers holds no code: its test enforces the layers of tabled's
// packages, over what `go list` says each imports, directly or not (its Deps):
//
//   - tile, payment and seating import only the standard library; scorer
//     only tile and payment: all four are pure;
//   - engine imports only the standard library, tile, payment and scorer:
//     it is pure and replayable;
//   - outcome imports only the engine and the pure packages it is built on
//     (tile, payment, scorer), and the catalog whose words it puts them in;
//   - standings (a tournament's results) imports only payment of the
//     project: it is pure, the console calls it;
//   - tournament (a tournament's records and their fold) imports only the
//     standard library, seating and standings: it is pure;
//   - claimlog, the storage, imports nothing of the project but
//     internal/fastjson: no engine, table, script or web;
//   - journal (the table's side of the log) imports no script or web;
//   - table imports no web, display, club, claimlog or journal: it writes
//     through the table.Journal interface;
//   - nothing under hw/ imports display or web: a device driver knows no
//     view (light drivers live under display/);
//   - web imports no club, hw, inputs or simtable; club no web, display,
//     hw, inputs or simtable; display no web or club: the adapters around
//     the table do not bring one another in (club's JSON-body rule is
//     internal/httpjson, not the LAN server);
//   - internal/... imports nothing of the project;
//   - no package but cmd/ imports a cmd package.
//
// A new import that breaks a layer fails TestLayers, naming the package,
// the import and the rule.
//
// Beside the layers, the shape of the code: TestArchitecturePage keeps
// docs/ARCHITECTURE.md's package table and layer rules true, and
// TestNoLongFunctions fails on a function over 100 lines.
package layers
