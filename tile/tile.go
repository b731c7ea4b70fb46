package tile

import "fmt"

// Suit is the suit of a tile: characters (m), circles (p), bamboo (s) or
// honours (z).
type Suit uint8

// The four suits, in mpsz order.
const (
	Man Suit = iota
	Pin
	Sou
	Honor
)

// Letter is the mpsz letter of the suit.
func (s Suit) Letter() byte { return "mpsz"[s&3] }

// Tile is one tile face. The zero Tile is NoTile, a tile that was not seen
// (a discard without a discard pad, a claim without its tiles shown).
//
// Internally a Tile is 1 + kind (0..33) with bit 0x40 set for a red five.
type Tile uint8

// NoTile is a tile whose face is not known.
const NoTile Tile = 0

const redBit = 0x40

// NewTile returns the tile of suit s and rank r (1..9, honours 1..7).
// red marks a red five. It returns an error for a rank out of range.
func NewTile(s Suit, rank int, red bool) (Tile, error) {
	max := 9
	if s == Honor {
		max = 7
	}
	if s > Honor || rank < 1 || rank > max {
		return NoTile, fmt.Errorf("tile: no tile of rank %d in suit %c", rank, s.Letter())
	}
	if red && (s == Honor || rank != 5) {
		return NoTile, fmt.Errorf("tile: only a five of a suit can be red")
	}
	t := Tile(1 + int(s)*9 + rank - 1)
	if red {
		t |= redBit
	}
	return t, nil
}

// MustTile is ParseTile for constants in tests and tables; it panics on a bad name.
func MustTile(s string) Tile {
	t, err := ParseTile(s)
	if err != nil {
		panic(err)
	}
	return t
}

// ParseTile parses one tile in mpsz notation: 1m-9m, 1p-9p, 1s-9s, 1z-7z
// (East South West North white green red), and 0m/0p/0s for red fives.
func ParseTile(s string) (Tile, error) {
	if len(s) != 2 || s[0] < '0' || s[0] > '9' {
		return NoTile, notation(NotationNotTile, s, 0, "", "%q is not a tile (want mpsz like 3p, 7z or 0m)", s)
	}
	suit := Suit(0)
	switch s[1] {
	case 'm':
		suit = Man
	case 'p':
		suit = Pin
	case 's':
		suit = Sou
	case 'z':
		suit = Honor
	default:
		return NoTile, notation(NotationSuit, s, 0, string(s[1]), "%q is not a tile: suit %q is not one of m, p, s, z", s, s[1])
	}
	rank := int(s[0] - '0')
	if rank == 0 {
		if suit == Honor {
			return NoTile, notation(NotationRedHonour, s, 0, "", "%q is not a tile: 0 (red five) needs m, p or s", s)
		}
		return NewTile(suit, 5, true)
	}
	t, err := NewTile(suit, rank, false)
	if err != nil {
		return NoTile, notation(NotationRank, s, 0, "", "%q is not a tile: %s", s, "rank out of range")
	}
	return t, nil
}

// Known reports whether the face of the tile was seen.
func (t Tile) Known() bool { return t != NoTile }

// Kind is the face without the red mark, 0..33 (m, p, s, then E S W N white green red);
// -1 for NoTile.
func (t Tile) Kind() int { return int(t&^redBit) - 1 }

// Suit is the suit of a known tile.
func (t Tile) Suit() Suit { return Suit(t.Kind() / 9) }

// Rank is 1..9 for suits and 1..7 for honours (E S W N white green red).
func (t Tile) Rank() int { return t.Kind()%9 + 1 }

// Red reports a red five.
func (t Tile) Red() bool { return t&redBit != 0 }

// SameKind reports whether two tiles have the same face, ignoring the red mark.
func (t Tile) SameKind(u Tile) bool { return t.Known() && t.Kind() == u.Kind() }

// String prints the tile in mpsz notation, "0m" for a red five and "?" for NoTile.
func (t Tile) String() string {
	if !t.Known() {
		return "?"
	}
	rank := byte('0' + t.Rank())
	if t.Red() {
		rank = '0'
	}
	return string([]byte{rank, t.Suit().Letter()})
}

// Dora is the tile the indicator t points at: the next rank in a suit (9
// wraps to 1), the next wind (E S W N E), the next dragon (white green red
// white). A red indicator points at an ordinary tile.
func (t Tile) Dora() Tile {
	if !t.Known() {
		return NoTile
	}
	s, r := t.Suit(), t.Rank()
	switch {
	case s != Honor:
		r = r%9 + 1
	case r <= 4:
		r = r%4 + 1
	default:
		r = (r-4)%3 + 5
	}
	d, _ := NewTile(s, r, false)
	return d
}

// MarshalText prints the tile in mpsz notation.
func (t Tile) MarshalText() ([]byte, error) { return []byte(t.String()), nil }

// UnmarshalText parses mpsz notation; "?" is NoTile.
func (t *Tile) UnmarshalText(b []byte) error {
	if string(b) == "?" {
		*t = NoTile
		return nil
	}
	v, err := ParseTile(string(b))
	if err != nil {
		return err
	}
	*t = v
	return nil
}
