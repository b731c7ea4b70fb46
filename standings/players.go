package standings

import (
	"encoding/csv"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"
)

// PlayersHeader is the players CSV's header, in its column order.
var PlayersHeader = []string{"number", "name", "last_name", "ema", "country", "club", "first_round", "last_round"}

// maxField bounds a players CSV field: a name or club longer than this is
// a file that is not a players list.
const maxField = 200

// ReadPlayersCSV reads a players list written by WritePlayersCSV (or by
// hand in a spreadsheet): the header PlayersHeader first (columns in any
// order; number and name required, the others optional), then one player
// a line. Numbers are 1 or more and unique; a name is not empty; an EMA
// number is digits; rounds are 0 or more and last_round, when set, is not
// before first_round. An error names the line (and column) at fault.
func ReadPlayersCSV(r io.Reader) ([]Player, error) {
	cr := csv.NewReader(r)
	cr.FieldsPerRecord = -1
	header, err := cr.Read()
	if errors.Is(err, io.EOF) {
		return nil, errors.New("standings: players CSV: empty, no header line")
	}
	if err != nil {
		return nil, fmt.Errorf("standings: players CSV: %w", err)
	}
	col := map[string]int{}
	for i, h := range header {
		h = strings.ToLower(strings.TrimSpace(strings.TrimPrefix(h, "\ufeff")))
		known := false
		for _, k := range PlayersHeader {
			known = known || h == k
		}
		if !known {
			return nil, fmt.Errorf("standings: players CSV line 1: unknown column %q (want %s)", h, strings.Join(PlayersHeader, ","))
		}
		if _, dup := col[h]; dup {
			return nil, fmt.Errorf("standings: players CSV line 1: column %q twice", h)
		}
		col[h] = i
	}
	for _, must := range []string{"number", "name"} {
		if _, ok := col[must]; !ok {
			return nil, fmt.Errorf("standings: players CSV line 1: no %q column", must)
		}
	}
	players := []Player{}
	lineOf := map[int]int{}
	for {
		rec, err := cr.Read()
		if errors.Is(err, io.EOF) {
			return players, nil
		}
		if err != nil {
			// A csv.ParseError says its line itself.
			return nil, fmt.Errorf("standings: players CSV: %w", err)
		}
		line, _ := cr.FieldPos(0)
		if len(rec) != len(header) {
			return nil, fmt.Errorf("standings: players CSV line %d: %d fields, the header has %d", line, len(rec), len(header))
		}
		p, err := playerOf(rec, col)
		if err != nil {
			return nil, fmt.Errorf("standings: players CSV line %d: %w", line, err)
		}
		if first, dup := lineOf[p.Number]; dup {
			return nil, fmt.Errorf("standings: players CSV line %d: number %d is already on line %d", line, p.Number, first)
		}
		lineOf[p.Number] = line
		players = append(players, p)
	}
}

// playerOf is one record as a player.
func playerOf(rec []string, col map[string]int) (Player, error) {
	get := func(name string) string {
		if i, ok := col[name]; ok {
			return strings.TrimSpace(rec[i])
		}
		return ""
	}
	for _, name := range PlayersHeader {
		v := get(name)
		if len(v) > maxField {
			return Player{}, fmt.Errorf("%s is %d bytes long, more than %d", name, len(v), maxField)
		}
		if !utf8.ValidString(v) {
			return Player{}, fmt.Errorf("%s is not UTF-8", name)
		}
		if strings.ContainsFunc(v, unicode.IsControl) {
			return Player{}, fmt.Errorf("%s %q has a control character", name, v)
		}
	}
	p := Player{Name: get("name"), LastName: get("last_name"), EMA: get("ema"), Country: get("country"), Club: get("club")}
	var err error
	if p.Number, err = number(get("number"), "number", 1); err != nil {
		return Player{}, err
	}
	if p.Name == "" {
		return Player{}, errors.New("name is empty")
	}
	if p.LastName != "" && !strings.HasSuffix(p.Name, p.LastName) {
		return Player{}, fmt.Errorf("last_name %q is not the end of name %q", p.LastName, p.Name)
	}
	if strings.Trim(p.EMA, "0123456789") != "" {
		return Player{}, fmt.Errorf("ema %q is not an EMA number (digits only)", p.EMA)
	}
	if p.FirstRound, err = number(get("first_round"), "first_round", 0); err != nil {
		return Player{}, err
	}
	if p.LastRound, err = number(get("last_round"), "last_round", 0); err != nil {
		return Player{}, err
	}
	if p.LastRound != 0 && p.LastRound < p.FirstRound {
		return Player{}, fmt.Errorf("last_round %d is before first_round %d", p.LastRound, p.FirstRound)
	}
	return p, nil
}

// number parses a whole number at least min; empty is 0 when min is 0.
func number(s, name string, min int) (int, error) {
	if s == "" && min == 0 {
		return 0, nil
	}
	n, err := strconv.Atoi(s)
	if err != nil || n < min || n > 1_000_000 {
		return 0, fmt.Errorf("%s %q is not a whole number from %d to 1000000", name, s, min)
	}
	return n, nil
}

// WritePlayersCSV writes the players under PlayersHeader, in the order
// given; ReadPlayersCSV reads it back the same. Rounds that are 0 are
// written empty.
func WritePlayersCSV(w io.Writer, players []Player) error {
	cw := csv.NewWriter(w)
	if err := cw.Write(PlayersHeader); err != nil {
		return fmt.Errorf("standings: players CSV: %w", err)
	}
	round := func(r int) string {
		if r == 0 {
			return ""
		}
		return strconv.Itoa(r)
	}
	for _, p := range players {
		rec := []string{strconv.Itoa(p.Number), p.Name, p.LastName, p.EMA, p.Country, p.Club, round(p.FirstRound), round(p.LastRound)}
		if err := cw.Write(rec); err != nil {
			return fmt.Errorf("standings: players CSV: %w", err)
		}
	}
	cw.Flush()
	if err := cw.Error(); err != nil {
		return fmt.Errorf("standings: players CSV: %w", err)
	}
	return nil
}
