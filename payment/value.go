package payment

import (
	"fmt"
	"strconv"
	"strings"
)

// Limit is a hand worth a fixed amount whatever its fu: mangan and above.
type Limit uint8

// The limits, in increasing worth.
const (
	NoLimit Limit = iota
	Mangan
	Haneman
	Baiman
	Sanbaiman
	Yakuman
	limitCount
)

var limitNames = [...]string{"", "mangan", "haneman", "baiman", "sanbaiman", "yakuman"}

// String is the limit's name as people and scripts spell it ("" for none).
func (l Limit) String() string {
	if l < limitCount {
		return limitNames[l]
	}
	return "limit(" + strconv.Itoa(int(l)) + ")"
}

// ParseLimit parses a limit's name; "" is NoLimit.
func ParseLimit(s string) (Limit, error) {
	for i, n := range limitNames {
		if n == strings.ToLower(s) {
			return Limit(i), nil
		}
	}
	return NoLimit, fmt.Errorf("payment: %q is not a limit (want mangan, haneman, baiman, sanbaiman or yakuman)", s)
}

// MarshalText spells the limit.
func (l Limit) MarshalText() ([]byte, error) { return []byte(l.String()), nil }

// UnmarshalText parses a limit's name.
func (l *Limit) UnmarshalText(b []byte) error {
	v, err := ParseLimit(string(b))
	*l = v
	return err
}

// basic is the limit's basic points (a quarter of a non-dealer's ron).
func (l Limit) basic() int {
	return [...]int{0, 2000, 3000, 4000, 6000, 8000}[l]
}

// Value is what a winning hand is worth as the people at the table enter
// it: han and fu, or a limit by name (then Han and Fu are 0), and for a
// yakuman how many (0 or 1: one).
type Value struct {
	Han   int   `json:"han,omitempty"`
	Fu    int   `json:"fu,omitempty"`
	Limit Limit `json:"limit,omitempty"`
	// Yakuman is the number of yakuman of a Limit Yakuman: 0 and 1 both
	// mean a single one.
	Yakuman int `json:"yakuman,omitempty"`
}

// IsZero reports a value that says nothing.
func (v Value) IsZero() bool { return v == Value{} }

// String is the value as it is entered: "3 40", "mangan", "yakuman 2".
func (v Value) String() string {
	switch {
	case v.Limit == Yakuman && v.Yakuman > 1:
		return fmt.Sprintf("yakuman %d", v.Yakuman)
	case v.Limit != NoLimit:
		return v.Limit.String()
	}
	return fmt.Sprintf("%d %d", v.Han, v.Fu)
}

// Words is the value as people read it: "3 han 40 fu", "5 han", "mangan",
// "2x yakuman".
func (v Value) Words() string {
	switch {
	case v.Limit == Yakuman && v.Yakuman > 1:
		return fmt.Sprintf("%dx yakuman", v.Yakuman)
	case v.Limit != NoLimit:
		return v.Limit.String()
	case v.Fu == 0:
		return fmt.Sprintf("%d han", v.Han)
	}
	return fmt.Sprintf("%d han %d fu", v.Han, v.Fu)
}

// ParseValue reads a value as typed: "3 40" (han fu), "5" (han alone, for
// five han or more, where fu no longer count), "mangan", "yakuman",
// "yakuman 2".
func ParseValue(f []string) (Value, error) {
	if len(f) == 0 {
		return Value{}, refuse(Fault{Code: FaultValueEmpty}, "payment: a value is han and fu (\"3 40\") or a limit (mangan, haneman, baiman, sanbaiman, yakuman [N])")
	}
	if l, err := ParseLimit(f[0]); err == nil && l != NoLimit {
		v := Value{Limit: l}
		switch {
		case len(f) == 1:
			return v, nil
		case len(f) == 2 && l == Yakuman:
			n, err := strconv.Atoi(f[1])
			if err != nil || n < 1 || n > MaxYakuman {
				return Value{}, refuse(Fault{Code: FaultYakumanCount, Text: f[1], N: MaxYakuman}, "payment: yakuman %q: the number of yakuman must be 1..%d", f[1], MaxYakuman)
			}
			v.Yakuman = n
			return v, nil
		}
		return Value{}, refuse(Fault{Code: FaultLimitNothing, Text: l.String()}, "payment: %s takes nothing after it (only yakuman takes a number)", l)
	}
	han, err := strconv.Atoi(f[0])
	if err != nil || han < 1 || han > MaxHan {
		return Value{}, refuse(Fault{Code: FaultNotHan, Text: f[0], N: MaxHan}, "payment: %q is neither a limit nor a number of han 1..%d", f[0], MaxHan)
	}
	v := Value{Han: han}
	switch len(f) {
	case 1:
		if han < 5 {
			return Value{}, refuse(Fault{Code: FaultNeedsFu, N: han}, "payment: %d han needs its fu (like \"%d 30\"): below 5 han the fu set the worth", han, han)
		}
	case 2:
		fu, err := strconv.Atoi(f[1])
		if err != nil || fu < 0 || fu > 999 {
			return Value{}, refuse(Fault{Code: FaultNotFu, Text: f[1]}, "payment: fu %q is not a number like 30", f[1])
		}
		v.Fu = fu
	default:
		return Value{}, refuse(Fault{Code: FaultValueWords, N: len(f)}, "payment: a value is han and fu, two numbers, not %d words", len(f))
	}
	return v, nil
}

// The bounds of what a value may say: more than these is a typo.
const (
	MaxHan     = 99
	MaxFu      = 110 // the most fu a hand can have
	MaxYakuman = 6
)
