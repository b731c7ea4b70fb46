package club

import (
	"encoding/csv"
	"errors"
	"fmt"
	"io"
	"net/http"
	"strconv"
	"strings"

	"github.com/tabled/tabled/tournament"
)

// playersHeader are the columns of the players' CSV, export and import.
var playersHeader = []string{"number", "name", "ema", "country", "club", "reserve", "cards"}

// exportPlayers serves GET /api/tournament/players.csv.
func (t *Tournament) exportPlayers(w http.ResponseWriter, r *http.Request) {
	st, _ := t.Store.State()
	w.Header().Set("Content-Type", "text/csv; charset=utf-8")
	w.Header().Set("Content-Disposition", `attachment; filename="players.csv"`)
	cw := csv.NewWriter(w)
	cw.Write(playersHeader)
	for _, p := range st.Players {
		reserve := ""
		if p.Reserve {
			reserve = "yes"
		}
		cw.Write([]string{strconv.Itoa(p.Number), p.Name, p.EMA, p.Country, p.Club, reserve, strings.Join(p.Cards, " ")})
	}
	cw.Flush()
}

// ReadPlayers reads a players' CSV: a header naming at least the name
// column (any of playersHeader, in any order), then one player a line; a
// number registers (empty) or edits (a player's number) the player. The
// error names the line and the column.
func ReadPlayers(r io.Reader) ([]tournament.Player, error) {
	cr := csv.NewReader(r)
	cr.FieldsPerRecord = -1
	head, err := cr.Read()
	if err != nil {
		var pe *csv.ParseError
		if errors.As(err, &pe) {
			err = pe.Err
		}
		return nil, fmt.Errorf("players CSV: line 1: %w", err)
	}
	col := map[string]int{}
	for i, h := range head {
		h = strings.ToLower(strings.TrimSpace(strings.TrimPrefix(h, "\ufeff")))
		known := false
		for _, k := range playersHeader {
			known = known || h == k
		}
		if !known {
			return nil, fmt.Errorf("players CSV: line 1, column %d: %q is not one of %s", i+1, h, strings.Join(playersHeader, ", "))
		}
		col[h] = i
	}
	if _, ok := col["name"]; !ok {
		return nil, fmt.Errorf("players CSV: line 1: no name column (the columns: %s)", strings.Join(playersHeader, ", "))
	}
	var out []tournament.Player
	for {
		row, err := cr.Read()
		if errors.Is(err, io.EOF) {
			return out, nil
		}
		if err != nil {
			var pe *csv.ParseError
			if errors.As(err, &pe) {
				return nil, fmt.Errorf("players CSV: line %d, column %d: %w", pe.Line, pe.Column, pe.Err)
			}
			return nil, fmt.Errorf("players CSV: line ?: %w", err)
		}
		line, _ := cr.FieldPos(0)
		get := func(k string) string {
			if i, ok := col[k]; ok && i < len(row) {
				return strings.TrimSpace(row[i])
			}
			return ""
		}
		p := tournament.Player{Name: get("name"), EMA: get("ema"), Country: get("country"), Club: get("club"),
			Cards: strings.Fields(strings.ToLower(get("cards")))}
		switch strings.ToLower(get("reserve")) {
		case "", "no", "0", "false":
		case "yes", "1", "true":
			p.Reserve = true
		default:
			return nil, fmt.Errorf("players CSV: line %d, column reserve: %q is not yes or no", line, get("reserve"))
		}
		if n := get("number"); n != "" {
			if p.Number, err = strconv.Atoi(n); err != nil || p.Number < 1 {
				return nil, fmt.Errorf("players CSV: line %d, column number: %q is not a player's number", line, n)
			}
		}
		if err := tournament.CheckPlayer(p); err != nil {
			return nil, fmt.Errorf("players CSV: line %d: %w", line, err)
		}
		out = append(out, p)
		if len(out) > 2000 {
			return nil, fmt.Errorf("players CSV: line %d: more than 2000 players", line)
		}
	}
}

// ImportBody is the body of POST /api/tournament/players/import: a
// players' CSV (ReadPlayers) in a JSON string, kept all or none.
type ImportBody struct {
	By  string `json:"by"`
	CSV string `json:"csv"`
}

func (t *Tournament) importPlayers(w http.ResponseWriter, r *http.Request) {
	var b ImportBody
	if !decode(w, r, maxCSVBody, &b) {
		return
	}
	players, err := ReadPlayers(strings.NewReader(b.CSV))
	if err != nil {
		fail(w, http.StatusBadRequest, err.Error())
		return
	}
	recs := make([]tournament.Record, len(players))
	for i := range players {
		recs[i] = newRecord(tournament.KindPlayer, b.By, "imported", t.now())
		recs[i].Player = &players[i]
	}
	if t.add(w, b.By, recs...) {
		t.sendRound()
	}
}
