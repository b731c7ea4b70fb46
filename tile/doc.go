// Package tile is the one home of a mahjong tile face: its suit and rank,
// the red five, the mpsz notation ("3p", "7z", "0m" for a red five) a
// table reads and writes, a whole hand in grouped mpsz ("234m 456p 55z"),
// and the dora an indicator points at.
//
// It is pure and imports only the standard library, so the engine, the
// scorer and every reader of tiles share one Tile.
package tile
