// Package layers holds no code: its test enforces the layers of tabled's
// packages, over what `go list` says each imports, directly or not (its Deps):
//
//   - tile, payment and seating import only the standard library; scorer
//     only tile and payment: all four are pure;
//   - engine imports only the standard library, tile, payment and scorer:
//     it is pure and replayable;
//   - outcome imports only the engine and the pure packages it is built on
//     (tile, payment, scorer);
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
//   - no package but cmd/ imports a cmd package.
//
// A new import that breaks a layer fails TestLayers, naming the package,
// the import and the rule.
package layers
