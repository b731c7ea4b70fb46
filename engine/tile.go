package engine

import "github.com/tabled/tabled/tile"

// The tile face lives in package tile; these aliases keep the engine's
// names (engine.Tile, engine.MustTile, ...) for its own code and its
// callers.

// Suit is tile.Suit.
type Suit = tile.Suit

// The four suits, in mpsz order.
const (
	Man   = tile.Man
	Pin   = tile.Pin
	Sou   = tile.Sou
	Honor = tile.Honor
)

// Tile is tile.Tile: one tile face, NoTile when not seen.
type Tile = tile.Tile

// NoTile is a tile whose face is not known.
const NoTile = tile.NoTile

// NewTile is tile.NewTile.
func NewTile(s Suit, rank int, red bool) (Tile, error) { return tile.NewTile(s, rank, red) }

// MustTile is tile.MustTile, for constants in tests and tables.
func MustTile(s string) Tile { return tile.MustTile(s) }

// ParseTile is tile.ParseTile: one tile in mpsz notation.
func ParseTile(s string) (Tile, error) { return tile.ParseTile(s) }
