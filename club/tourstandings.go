package club

import (
	"bytes"
	"fmt"
	"github.com/tabled/tabled/catalog"
	"net/http"
	"strconv"
	"strings"

	"github.com/tabled/tabled/standings"
	"github.com/tabled/tabled/tournament"
)

// The tournament's standings and exports come from package standings:
// the console turns what is in force into its input and ranks nothing
// itself.

// rankInput is the standings' input of st: the players who play (a
// substitute from their first round, a player replaced to their last),
// every game with a result, and the penalties in force.
func rankInput(st tournament.State, reveal bool) ([]standings.Player, []standings.Game, []standings.Penalty, standings.Options) {
	var players []standings.Player
	for _, p := range st.Players {
		if p.Reserve && p.Replaces == 0 {
			continue
		}
		sp := standings.Player{Number: p.Number, Name: p.Name, EMA: p.EMA, Country: p.Country, Club: p.Club}
		if p.Replaces != 0 {
			sp.FirstRound = p.From
		}
		if p.ReplacedBy != 0 {
			sp.LastRound = p.From - 1
		}
		players = append(players, sp)
	}
	var games []standings.Game
	for _, r := range st.Rounds {
		for _, g := range r.Games {
			if g.Result == nil {
				continue
			}
			sg := standings.Game{Round: r.Number, Table: g.Table, Sticks: g.Result.Sticks, Penalty: g.Result.Penalties,
				Provisional: !g.Confirmed, RefereeEntered: g.Result.Referee}
			for i, s := range g.Result.Seats {
				sg.Players[i], sg.Points[i], sg.Result[i] = s.Player, s.Points, s.Result
			}
			games = append(games, sg)
		}
	}
	var pens []standings.Penalty
	for _, p := range st.Penalties {
		pens = append(pens, standings.Penalty{Player: p.Player, Round: p.Round, Amount: -p.Amount, Reason: p.Why, By: p.By, At: p.At})
	}
	opts := standings.Options{Rounds: st.Options.Rounds, HideLast: st.Options.HideLast, Reveal: reveal,
		PublishOnlyConfirmedRounds: st.Options.PublishConfirmed}
	return players, games, pens, opts
}

// Standings ranks the tournament in force; reveal shows the hidden last
// rounds (the prize-giving, the exports).
func (t *Tournament) Standings(reveal bool) (standings.Standings, tournament.State, error) {
	st, _ := t.Store.State()
	players, games, pens, opts := rankInput(st, reveal)
	s, err := standings.Rank(players, games, pens, opts)
	return s, st, err
}

// sheet is what the EMA sheet and the report say of the tournament.
func sheet(o tournament.Options) standings.Tournament {
	return standings.Tournament{Name: o.Name, Country: o.Country, City: o.City, MERS: o.MERS, Rules: "Riichi", Dates: o.Dates, Days: o.Days}
}

// history is every penalty and correction given, withdrawn ones with
// why, for the report.
func (t *Tournament) history(l *catalog.Lang) ([]standings.Penalty, []standings.Correction) {
	recs, withdrawn := t.Store.Records()
	var pens []standings.Penalty
	var cors []standings.Correction
	for _, r := range recs {
		var why, by string
		if w := withdrawn[r.Seq]; w != 0 {
			why, by = recs[w-1].Why, recs[w-1].By
		}
		switch r.Kind {
		case tournament.KindPenalty:
			pens = append(pens, standings.Penalty{Player: r.Penalty.Player, Round: r.Penalty.Round, Amount: -r.Penalty.Amount, Reason: r.Why, By: r.By, At: r.At,
				Withdrawn: why != "", WithdrawnReason: why, WithdrawnBy: by})
		case tournament.KindCorrect:
			var seats []string
			for _, s := range r.Result.Seats {
				seats = append(seats, fmt.Sprintf("%d %d", s.Player, s.Points))
			}
			what := l.Text("report.correction.reentered", "seats", strings.Join(seats, " "))
			cors = append(cors, standings.Correction{Round: r.Result.Round, Table: r.Result.Table, What: what, Reason: r.Why, By: r.By, At: r.At, Withdrawn: why != "", WithdrawnReason: why})
		case tournament.KindSwap:
			cors = append(cors, standings.Correction{Round: r.Swap.Round, What: l.Text("report.correction.swapped", "a", r.Swap.A, "b", r.Swap.B), Reason: r.Why, By: r.By, At: r.At, Withdrawn: why != "", WithdrawnReason: why})
		}
	}
	return pens, cors
}

// standings serves GET /api/tournament/standings: the standings as the
// players may see them.
func (t *Tournament) standings(w http.ResponseWriter, r *http.Request) {
	s, st, err := t.Standings(false)
	if err != nil {
		fail(w, http.StatusConflict, err.Error())
		return
	}
	reply(w, map[string]any{"tournament": st.Options.Name, "standings": s, "rounds": st.Options.Rounds})
}

// standingsRoutes serves the standings (live, as the players may see
// them) and the organiser's exports (every round revealed).
func (t *Tournament) standingsRoutes(mux *http.ServeMux) {
	mux.HandleFunc("GET /api/tournament/standings", t.standings)
	export := func(name, ctype string, write func(*bytes.Buffer, standings.Standings, tournament.State, *http.Request) error) {
		mux.HandleFunc("GET /api/tournament/export/"+name, func(w http.ResponseWriter, r *http.Request) {
			s, st, err := t.Standings(true)
			var b bytes.Buffer
			if err == nil {
				err = write(&b, s, st, r)
			}
			if err != nil {
				fail(w, http.StatusConflict, err.Error())
				return
			}
			w.Header().Set("Content-Type", ctype)
			disposition := "attachment"
			if name == "report.html" {
				disposition = "inline" // a page to print
			}
			w.Header().Set("Content-Disposition", fmt.Sprintf("%s; filename=%q", disposition, name))
			w.Write(b.Bytes())
		})
	}
	export("ema.csv", "text/csv; charset=utf-8", func(b *bytes.Buffer, s standings.Standings, st tournament.State, _ *http.Request) error {
		return standings.WriteEMACSV(b, sheet(st.Options), s)
	})
	export("ema.xlsx", "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet", func(b *bytes.Buffer, s standings.Standings, st tournament.State, _ *http.Request) error {
		return standings.WriteEMAXLSX(b, sheet(st.Options), s)
	})
	export("round.csv", "text/csv; charset=utf-8", func(b *bytes.Buffer, s standings.Standings, st tournament.State, r *http.Request) error {
		n, err := strconv.Atoi(r.URL.Query().Get("round"))
		if err != nil || st.Round(n) == nil {
			return fmt.Errorf("round=%q is not a seated round", r.URL.Query().Get("round"))
		}
		return standings.WriteRoundCSV(b, s, n)
	})
	export("report.html", "text/html; charset=utf-8", func(b *bytes.Buffer, s standings.Standings, st tournament.State, r *http.Request) error {
		// In the reader's language: the page's ?lang=, else the browser's.
		l := readerLang(r)
		if l == nil {
			l = catalog.Match(r.Header.Get("Accept-Language"))
		}
		pens, cors := t.history(l)
		players, games, _, _ := rankInput(st, true)
		return standings.WriteReport(b, standings.Report{Tournament: sheet(st.Options), Standings: s, Penalties: pens, Corrections: cors,
			Problems: standings.Check(players, games, scoreRules(st.Options)), Lang: l})
	})
}
