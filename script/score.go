package script

import (
	"strconv"
	"strings"

	"github.com/tabled/tabled/catalog"
	"github.com/tabled/tabled/engine"
	"github.com/tabled/tabled/payment"
)

// header is a header line that changes the profile's score figures.
type header struct {
	line int
	f    []string
}

// scoreHeader reads a header of the score (points, scores, round, honba,
// sticks, game, aka, after_time). Those that change the profile's figures are kept in
// profile and applied once the profile is known.
func scoreHeader(s *Script, line int, f []string, profile *[]header) error {
	num := func(what string, lo, hi int) (int, error) {
		n, err := strconv.Atoi(f[1])
		if err != nil || n < lo || n > hi {
			return 0, catalog.Refuse("i33.parse.not_in_range", "what", what, "word", catalog.Quoted(f[1]), "lo", lo, "hi", hi)
		}
		return n, nil
	}
	want := map[string]int{"scores": 4}[f[0]]
	if want == 0 {
		want = 1
	}
	if len(f)-1 != want {
		return catalog.Refuse("i33.parse.header_values", "word", catalog.Quoted(f[0]), "n", want, "m", len(f)-1)
	}
	var err error
	switch f[0] {
	case "points", "game", "aka", "after_time":
		*profile = append(*profile, header{line, f})
	case "scores":
		for i, t := range f[1:] {
			n, e := strconv.Atoi(t)
			if e != nil || n%100 != 0 || n < -1_000_000 || n > 1_000_000 {
				return catalog.Refuse("i33.parse.bad_scores", "word", catalog.Quoted(t))
			}
			s.Start.Scores[i] = n
		}
	case "round":
		if len(f[1]) != 2 || f[1][1] < '1' || f[1][1] > '4' {
			return catalog.Refuse("i33.parse.bad_round", "word", catalog.Quoted(f[1]))
		}
		w, e := engine.ParseWind(f[1][:1])
		if e != nil {
			return catalog.Refuse("i33.parse.bad_round", "word", catalog.Quoted(f[1]))
		}
		s.Start.RoundWind, s.Start.HandNumber = w, int(f[1][1]-'0')
	case "honba":
		s.Start.Honba, err = num("honba", 0, 100)
	case "sticks":
		s.Start.Sticks, err = num("sticks", 0, 100)
	}
	return err
}

// applyScore applies the points, game, aka and after_time headers to the profile's
// score figures (a copy of them: the registry's stay as they are).
func applyScore(s *Script, headers []header) error {
	if s.Profile.Score == nil {
		if len(headers) > 0 || s.Start != (engine.Start{}) {
			return lineError(0, catalog.Refuse("i33.parse.no_score", "rules", s.Profile.Name))
		}
		return nil
	}
	r := *s.Profile.Score
	for _, h := range headers {
		f := h.f
		switch f[0] {
		case "points":
			n, err := strconv.Atoi(f[1])
			if err != nil || n <= 0 || n%100 != 0 || n > 1_000_000 {
				return lineError(h.line, catalog.Refuse("i33.parse.bad_points", "word", catalog.Quoted(f[1])))
			}
			r.StartPoints = n
		case "game":
			l, err := payment.ParseLength(f[1])
			if err != nil {
				return lineError(h.line, catalog.Refuse("i33.parse.bad_game", "word", catalog.Quoted(f[1])))
			}
			r.Game = l
		case "aka":
			n, err := strconv.Atoi(f[1])
			if err != nil || (n != 0 && n != 3 && n != 4) {
				return lineError(h.line, catalog.Refuse("i33.parse.bad_aka", "word", catalog.Quoted(f[1])))
			}
			r.Aka = n
		case "after_time":
			n, err := strconv.Atoi(f[1])
			if err != nil || n < 0 || n > payment.MaxAfterTime {
				return lineError(h.line, catalog.Refuse("i33.parse.bad_after_time", "word", catalog.Quoted(f[1]), "n", payment.MaxAfterTime))
			}
			r.AfterTime = n
		}
	}
	s.Profile.Score = &r
	return nil
}

// parseValue reads what follows "value": han and fu or a limit, then
// perhaps "pao <seat>".
func parseValue(st Step, f []string) (Step, error) {
	if n := len(f); n >= 2 && f[n-2] == "pao" {
		w, err := engine.ParseWind(strings.ToUpper(f[n-1]))
		if err != nil {
			return st, catalog.Refuse("i33.parse.bad_pao", "word", catalog.Quoted(f[n-1]))
		}
		st.Pao, f = &w, f[:n-2]
	}
	v, err := payment.ParseValue(f)
	if err != nil {
		return st, catalog.Refuse("i33.parse.value", "why", whyOf(err))
	}
	st.Value = &v
	return st, nil
}

// parseHand reads what follows "hand": the concealed tiles in mpsz groups
// ("234m 456p 789s 5p 55z", the winning tile included), then perhaps
// "win <tile>", the winning tile (the drawn tile of a tsumo).
func parseHand(st Step, f []string) (Step, error) {
	st.Tile = engine.NoTile
	if n := len(f); n >= 2 && f[n-2] == "win" {
		t, err := engine.ParseTile(f[n-1])
		if err != nil {
			return st, catalog.Refuse("i33.parse.bad_win", "word", catalog.Quoted(f[n-1]))
		}
		st.Tile, f = t, f[:n-2]
	}
	if len(f) == 0 {
		return st, catalog.Refuse("i33.parse.hand_empty")
	}
	ts, err := engine.ParseHand(strings.Join(f, " "))
	if err != nil {
		return st, catalog.Refuse("i33.parse.hand", "why", whyOf(err))
	}
	st.Hand = ts
	return st, nil
}
