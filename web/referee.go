package web

import (
	"fmt"
	"io"
	"net/http"
	"strings"
	"sync"
	"time"

	"github.com/tabled/tabled/engine"
	"github.com/tabled/tabled/outcome"
	"github.com/tabled/tabled/payment"
)

// RefereeAction is the body of POST /api/referee.
type RefereeAction struct {
	// Action is newhand, time (the round's time is up), deadhand, tenpai,
	// void, value, hand, chombo, name or confirm; value, hand, name and
	// confirm are a SeatEntry's, which the referee may always make.
	Action string `json:"action"`
	// Seq is the claim-log sequence number of the input to void (a mistaken press).
	Seq uint64 `json:"seq"`
	// Seat is the physical seat (0..3) for deadhand and tenpai.
	Seat *int `json:"seat"`
	// Dealer is the physical seat of the new dealer for newhand; absent
	// rotates by the result.
	Dealer *int `json:"dealer"`
	// Value is a winner's value as typed: "3 40" (han fu), "mangan",
	// "yakuman 2"; Pao the physical seat liable for a yakuman.
	Value string `json:"value"`
	Pao   *int   `json:"pao"`
	// Name is the player's name for name.
	Name string `json:"name"`
	// Hand is a winner's concealed tiles for hand, in mpsz groups, the
	// winning tile included ("234m 456p 789s 5p 55z"); Win the winning
	// tile ("5m"), needed after a tsumo.
	Hand string `json:"hand"`
	Win  string `json:"win"`
	// Replaces is, for value or hand, the sequence number of the mistaken
	// value or hand it corrects: that input is voided and this one takes
	// its place (its stamp), so every later score is decided again.
	Replaces uint64 `json:"replaces"`
}

// DecodeRefereeAction reads and checks a referee action; the error names
// the field. A void returns the sequence number to void and no event; a
// value that replaces another returns both.
func DecodeRefereeAction(r io.Reader) (engine.Event, uint64, error) {
	var a RefereeAction
	if err := decodeBody(r, &a); err != nil {
		return engine.Event{}, 0, err
	}
	return a.event()
}

// event is the input of a checked action: for a void the sequence number
// to void and no event, for a correction both.
func (a RefereeAction) event() (engine.Event, uint64, error) {
	ev := engine.Event{Seat: engine.NoSeat, Dealer: engine.NoSeat, Source: engine.SourceReferee}
	seat := func() (engine.Seat, error) {
		if a.Seat == nil || *a.Seat < 0 || *a.Seat > 3 {
			return 0, fmt.Errorf("field seat: %s needs a seat 0..3", a.Action)
		}
		return engine.Seat(*a.Seat), nil
	}
	var err error
	switch a.Action {
	case "void":
		if a.Seq == 0 {
			return engine.Event{}, 0, fmt.Errorf("field seq: void needs the sequence number of the input")
		}
		return engine.Event{}, a.Seq, nil
	case "newhand":
		ev.Action = engine.NewHand
		if a.Dealer != nil {
			if *a.Dealer < 0 || *a.Dealer > 3 {
				return engine.Event{}, 0, fmt.Errorf("field dealer: %d is not a seat 0..3", *a.Dealer)
			}
			ev.Dealer = engine.Seat(*a.Dealer)
		}
	case "time":
		// The round's time is up, said by the referee (a round without the
		// console's clock): the engine applies the book's time rule.
		ev.Action = engine.Time
	case "deadhand":
		ev.Action = engine.DeadHand
		ev.Seat, err = seat()
	case "tenpai":
		ev.Action = engine.Tenpai
		ev.Seat, err = seat()
	case "chombo":
		ev.Action = engine.Chombo
		ev.Seat, err = seat()
	case "confirm":
		ev.Action = engine.Confirm
		ev.Seat, err = seat()
	case "name":
		ev.Action, ev.Name = engine.Name, a.Name
		if err = engine.CheckName(a.Name); err != nil {
			return engine.Event{}, 0, &fieldError{field: "name", err: err}
		}
		ev.Seat, err = seat()
	case "value":
		ev.Action = engine.Value
		v, verr := payment.ParseValue(strings.Fields(a.Value))
		if verr != nil {
			return engine.Event{}, 0, &fieldError{field: "value", err: verr}
		}
		ev.Value = &engine.HandValue{Value: v, Pao: engine.NoSeat}
		if a.Pao != nil {
			if *a.Pao < 0 || *a.Pao > 3 {
				return engine.Event{}, 0, fmt.Errorf("field pao: %d is not a seat 0..3", *a.Pao)
			}
			ev.Value.Pao = engine.Seat(*a.Pao)
		}
		ev.Seat, err = seat()
		if err == nil && a.Replaces != 0 {
			return ev, a.Replaces, nil
		}
	case "hand":
		ev.Action = engine.Hand
		if ev.Hand, ev.Tile, err = DecodeHand(a.Hand, a.Win); err != nil {
			return engine.Event{}, 0, err
		}
		ev.Seat, err = seat()
		if err == nil && a.Replaces != 0 {
			return ev, a.Replaces, nil
		}
	default:
		return engine.Event{}, 0, fmt.Errorf("field action: %q is not newhand, time, deadhand, tenpai, void, value, hand, chombo, name or confirm", a.Action)
	}
	return ev, 0, err
}

// limiter refuses a client after too many failed token attempts in a
// minute, so the token cannot be guessed from a tablet on the LAN. It holds
// at most size clients: expired ones are pruned when room is needed, and
// when every one is recent the one whose first failure is oldest is
// forgotten, so many addresses cannot grow it without bound.
type limiter struct {
	mu      sync.Mutex
	clients map[string]*failures
	max     int // failures in a window that block a client
	size    int // clients remembered
	window  time.Duration
	now     func() time.Time
}

// failures are one client's failed attempts in its current window.
type failures struct {
	n     int
	first time.Time
}

// limiterClients is how many clients the referee limiter remembers.
const limiterClients = 1024

func newLimiter(max, size int) *limiter {
	return &limiter{clients: map[string]*failures{}, max: max, size: size, window: time.Minute, now: time.Now}
}

func (l *limiter) blocked(client string) bool {
	l.mu.Lock()
	defer l.mu.Unlock()
	f, ok := l.clients[client]
	if ok && l.now().Sub(f.first) >= l.window {
		delete(l.clients, client)
		return false
	}
	return ok && f.n >= l.max
}

func (l *limiter) fail(client string) {
	l.mu.Lock()
	defer l.mu.Unlock()
	now := l.now()
	if f, ok := l.clients[client]; ok && now.Sub(f.first) < l.window {
		f.n++
		return
	}
	delete(l.clients, client)
	if len(l.clients) >= l.size {
		l.prune(now)
	}
	l.clients[client] = &failures{n: 1, first: now}
}

// prune drops the expired clients, or the oldest one if none has expired.
func (l *limiter) prune(now time.Time) {
	var oldest string
	var at time.Time
	for c, f := range l.clients {
		if now.Sub(f.first) >= l.window {
			delete(l.clients, c)
			continue
		}
		if oldest == "" || f.first.Before(at) {
			oldest, at = c, f.first
		}
	}
	if len(l.clients) >= l.size {
		delete(l.clients, oldest)
	}
}

// len is how many clients the limiter remembers.
func (l *limiter) len() int {
	l.mu.Lock()
	defer l.mu.Unlock()
	return len(l.clients)
}

// handleReferee applies a referee action. It needs the token as a bearer
// credential and a JSON body: a cross-site form can send neither, which is
// what keeps it safe from CSRF without cookies.
func (s *Server) handleReferee(w http.ResponseWriter, r *http.Request) {
	if !s.refereeRequest(w, r) {
		return
	}
	ev, void, err := DecodeRefereeAction(r.Body)
	if err != nil {
		badBodyIn(w, r, err)
		return
	}
	if void != 0 {
		// A void, or a correction: the mistaken input out and, for a
		// value that replaces it, the new one in its place.
		var (
			seq, in uint64
			refused *outcome.TableNote
		)
		if ev.Action != engine.ActNone {
			seq, in, refused, err = s.cfg.Table.Correct(r.Context(), void, ev)
		} else {
			seq, refused, err = s.cfg.Table.Void(r.Context(), void)
		}
		if err != nil {
			writeJSON(w, http.StatusServiceUnavailable, map[string]string{"error": err.Error()})
			return
		}
		metricRefereeActions.Inc()
		if refused != nil {
			// Why, in the language the page asks for (the log page's
			// referee reads it); English, the claim log's words, without.
			writeJSON(w, http.StatusConflict, map[string]any{"void": void, "seq": seq, "error": outcome.In(pageLang(r)).TableNote(refused, "")})
			return
		}
		answer := map[string]any{"void": void, "seq": seq}
		if in != 0 {
			answer["input"] = in
		}
		writeJSON(w, http.StatusAccepted, answer)
		return
	}
	s.submit(w, r, ev, metricRefereeActions)
}
