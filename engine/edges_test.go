package engine

import (
	"encoding/json"
	"reflect"
	"slices"
	"testing"
	"time"
)

func tiled(at time.Duration, s Seat, a Action, tile string) Event {
	v := ev(at, s, a)
	if tile != "" {
		v.Tile = MustTile(tile)
	}
	return v
}

func kinds(out []Outcome) []Kind {
	k := make([]Kind, len(out))
	for i, o := range out {
		k[i] = o.Kind
	}
	return k
}

// TestResolve: the pure resolver against the rules, one row per rule.
func TestResolve(t *testing.T) {
	c := func(s Seat, a Action, at time.Duration) Claim { return Claim{Seat: s, Call: a, At: at} }
	for _, tc := range []struct {
		name             string
		p                Profile
		pending, decided []Claim
		won              []Seat
		lost             []RuleCode
		overrides        bool
	}{
		{"ron beats all", WRC2015, []Claim{c(2, Pon, 100*ms), c(3, Ron, 200*ms)}, nil, []Seat{3}, []RuleCode{CodeRonBeatsAll}, false},
		{"head bump wrc2015", WRC2015, []Claim{c(3, Ron, 100*ms), c(2, Ron, 200*ms)}, nil, []Seat{2}, []RuleCode{CodeHeadBump}, false},
		{"all win 2008", EMA2008, []Claim{c(3, Ron, 100*ms), c(2, Ron, 200*ms)}, nil, []Seat{2, 3}, nil, false},
		{"pon over simultaneous chii wrc2015", WRC2015, []Claim{c(1, Chii, 100*ms), c(3, Pon, 300*ms)}, nil, []Seat{3}, []RuleCode{CodeCallOverChii}, false},
		{"pon within 3s 2008", EMA2008, []Claim{c(1, Chii, 100*ms), c(3, Pon, 300*ms)}, nil, []Seat{3}, []RuleCode{CodeCallWithin}, false},
		{"pon after 3s is first call only 2008", EMA2008, []Claim{c(1, Chii, 3100*ms), c(3, Pon, 3200*ms)}, nil, []Seat{1}, []RuleCode{CodeFirstCall}, false},
		{"first call", WRC2015, []Claim{c(3, Pon, 100*ms), c(2, Pon, 200*ms)}, nil, []Seat{3}, []RuleCode{CodeFirstCall}, false},
		{"same stamp: closer", WRC2015, []Claim{c(3, Pon, 100*ms), c(2, Pon, 100*ms)}, nil, []Seat{2}, []RuleCode{CodeCloser}, false},
		{"decided chii stands wrc2015", WRC2015, []Claim{c(3, Pon, 900*ms)}, []Claim{c(1, Chii, 100*ms)}, nil, []RuleCode{CodeAlreadyDecided}, false},
		{"pon within 3s beats decided chii 2008", EMA2008, []Claim{c(3, Pon, 900*ms)}, []Claim{c(1, Chii, 100*ms)}, []Seat{3}, []RuleCode{CodeCallWithin}, true},
		{"ron overrides decided pon", WRC2015, []Claim{c(2, Ron, 5*time.Second)}, []Claim{c(3, Pon, 100*ms)}, []Seat{2}, []RuleCode{CodeRonBeatsAll}, true},
		{"closer ron overrides decided ron wrc2015", WRC2015, []Claim{c(1, Ron, 900*ms)}, []Claim{c(3, Ron, 100*ms)}, []Seat{1}, []RuleCode{CodeHeadBump}, true},
		{"farther ron loses to decided ron wrc2015", WRC2015, []Claim{c(3, Ron, 900*ms)}, []Claim{c(1, Ron, 100*ms)}, nil, []RuleCode{CodeHeadBump}, false},
		{"later ron joins 2008", EMA2008, []Claim{c(1, Ron, 900*ms)}, []Claim{c(3, Ron, 100*ms)}, []Seat{1, 3}, nil, true},
		{"several rons win rcr2016", EMA2016, []Claim{c(3, Ron, 100*ms), c(2, Ron, 200*ms)}, nil, []Seat{2, 3}, nil, false},
		{"pon over simultaneous chii rcr2016", EMA2016, []Claim{c(1, Chii, 100*ms), c(3, Pon, 300*ms)}, nil, []Seat{3}, []RuleCode{CodeCallOverChii}, false},
		{"pon after chii, same window rcr2016", EMA2016, []Claim{c(1, Chii, 100*ms), c(3, Pon, 1300*ms)}, nil, []Seat{3}, []RuleCode{CodePonOverChii}, false},
		{"pon in time overrides decided chii rcr2016", EMA2016, []Claim{c(3, Pon, 2900*ms)}, []Claim{c(1, Chii, 100*ms)}, []Seat{3}, []RuleCode{CodePonOverChii}, true},
		{"late pon does not override decided chii rcr2016", EMA2016, []Claim{c(3, Pon, 3100*ms)}, []Claim{c(1, Chii, 100*ms)}, nil, []RuleCode{CodeAlreadyDecided}, false},
		{"later ron joins rcr2016", EMA2016, []Claim{c(1, Ron, 900*ms)}, []Claim{c(3, Ron, 100*ms)}, []Seat{1, 3}, nil, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			v := resolve(tc.p, contest{from: 0, at: 0, pending: tc.pending, decided: tc.decided})
			var won []Seat
			for _, w := range v.won {
				won = append(won, w.Seat)
			}
			var lost []RuleCode
			for _, l := range v.lost {
				lost = append(lost, l.Code)
			}
			if !reflect.DeepEqual(won, tc.won) || !reflect.DeepEqual(lost, tc.lost) || v.overrides != tc.overrides {
				t.Errorf("won %v lost %v overrides %v; want %v %v %v", won, lost, v.overrides, tc.won, tc.lost, tc.overrides)
			}
		})
	}
}

// TestFastDrawPutBack: a chii, pon or kan within the deadline after the
// next seat acted in its own turn undoes that seat's draw and what it
// declared on it (2016 5.4.1).
func TestFastDrawPutBack(t *testing.T) {
	for _, tc := range []struct {
		name string
		next []Event // South's actions after East's discard at 0
		call Event
		void []Action // what the decision's note says South's put-back voids
	}{
		{"riichi", []Event{ev(time.Second, 1, Riichi)}, ev(1500*ms, 2, Pon), []Action{Riichi}},
		{"riichi then kong", []Event{ev(time.Second, 1, Riichi), tiled(1100*ms, 1, Kan, "1z")}, ev(1500*ms, 3, Pon), []Action{Riichi, Kan}},
		{"tsumo", []Event{ev(time.Second, 1, Tsumo)}, ev(1500*ms, 2, Kan), []Action{Tsumo}},
		{"refused riichi", []Event{ev(time.Second, 1, Riichi), ev(1100*ms, 1, Riichi)}, ev(1500*ms, 3, Pon), []Action{Riichi}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			e := newEngine(t, EMA2016)
			apply(t, e, tiled(0, 0, Discard, "5s"))
			apply(t, e, tc.next...)
			out := apply(t, e, tc.call)
			out = e.Advance(3*time.Second, out)
			var dec *Outcome
			for i := range out {
				if out[i].Kind == KindDecision {
					dec = &out[i]
				}
			}
			// The only claim, with a note: South drew too fast, and its
			// draw and what it declared on it are void.
			if dec == nil || dec.Code != CodeOnlyClaim || len(dec.Won) != 1 || dec.Won[0].Seat != tc.call.Seat || dec.Won[0].Call != tc.call.Action ||
				len(dec.Notes) != 1 || dec.Notes[0].Code != CodeFastDraw || dec.Notes[0].Args.Seat != 1 || !slices.Equal(dec.Notes[0].Args.Calls, tc.void) {
				t.Fatalf("outcomes %+v, want the only claim, South's draw put back and its %v void", out, tc.void)
			}
			st, kongs := e.State(), 0
			if tc.call.Action == Kan {
				kongs = 1 // the big melded kong's own replacement
			}
			if st.Wall != LiveDraws-kongs || st.Kongs != kongs || st.Riichi[1] || st.Ended || st.Turn != tc.call.Seat || len(st.Melds[1]) != 0 {
				t.Fatalf("after the put-back: wall %d kongs %d riichi %v ended %v turn %d melds %v", st.Wall, st.Kongs, st.Riichi, st.Ended, st.Turn, st.Melds[1])
			}
		})
	}
	// After the deadline the draw stands and the call is on nothing.
	e := newEngine(t, EMA2016)
	out := apply(t, e, tiled(0, 0, Discard, "5s"), ev(time.Second, 1, Tsumo), ev(3500*ms, 2, Pon))
	if got := kinds(out); !reflect.DeepEqual(got, []Kind{KindHandEnd, KindRejection}) || out[1].Code != CodeHandOver {
		t.Fatalf("a pon after the deadline: %+v", out)
	}
}

// TestWindowBoundaryInclusive: a claim stamped exactly one window after
// the first is in the window, whether or not the table advanced time to
// the window's end first (the table applies inputs at a deadline before
// advancing to it).
func TestWindowBoundaryInclusive(t *testing.T) {
	for _, advance := range []bool{false, true} {
		e := newEngine(t, EMA2016)
		out := apply(t, e, tiled(0, 0, Discard, "3p"), ev(100*ms, 1, Chii))
		if advance {
			out = e.Advance(349*ms, out)
		}
		out = apply(t, e, ev(350*ms, 2, Pon))
		out = e.Advance(350*ms, out)
		if len(out) != 1 || out[0].Won[0].Seat != 2 || out[0].Lost[0].Code != CodeCallOverChii {
			t.Fatalf("advance %v: %+v", advance, out)
		}
	}
}

// TestProfileSwitches: RonChangeable and ConcealedKongRobbable are read.
func TestProfileSwitches(t *testing.T) {
	p := EMA2016
	p.RonChangeable = true
	e := newEngine(t, p)
	out := apply(t, e, tiled(0, 0, Discard, "3p"), ev(100*ms, 2, Ron), ev(200*ms, 2, Cancel), ev(300*ms, 3, Pon))
	out = e.Advance(time.Second, out)
	if len(out) != 1 || out[0].Kind != KindDecision || out[0].Won[0].Call != Pon {
		t.Fatalf("a changeable ron withdrawn: %+v", out)
	}
	e = newEngine(t, EMA2016)
	out = apply(t, e, tiled(0, 0, Discard, "3p"), ev(100*ms, 2, Ron), ev(200*ms, 2, Cancel))
	if len(out) != 1 || out[0].Code != CodeRonStands {
		t.Fatalf("a ron withdrawn under 2016: %+v", out)
	}

	p = EMA2016
	p.ConcealedKongRobbable = false
	e = newEngine(t, p)
	out = apply(t, e, tiled(0, 0, Kan, "1z"), ev(100*ms, 2, Ron))
	if len(out) != 1 || out[0].Code != CodeConcealedNotRobbable {
		t.Fatalf("a concealed kong robbed under a profile that forbids it: %+v", out)
	}
}

// TestRobbedKongLeavesNoKanDora: a robbed concealed kong (Thirteen
// Orphans) takes its kan dora indicator with it.
func TestRobbedKongLeavesNoKanDora(t *testing.T) {
	e := newEngine(t, EMA2016)
	apply(t, e, Event{At: 0, Seat: NoSeat, Action: Dora, Tile: MustTile("1m")}, tiled(time.Second, 0, Kan, "9s"),
		Event{At: 1200 * ms, Seat: NoSeat, Action: Dora, Tile: MustTile("2m")}, ev(1500*ms, 2, Ron))
	e.Advance(2*time.Second, nil)
	if st := e.State(); st.Kongs != 0 || len(st.Indicators) != 1 || !st.Ended {
		t.Fatalf("after the robbing: kongs %d indicators %v", st.Kongs, st.Indicators)
	}
}

// TestProfileJSONRoundTrip: a profile marshals and unmarshals losslessly,
// so a session note can record it whole.
func TestProfileJSONRoundTrip(t *testing.T) {
	odd := EMA2008
	odd.Name, odd.Window, odd.RonChangeable = "house", 300*ms, true
	for _, p := range []Profile{WRC2015, EMA2016, EMA2008, odd} {
		b, err := json.Marshal(p)
		if err != nil {
			t.Fatal(err)
		}
		var back Profile
		if err := json.Unmarshal(b, &back); err != nil {
			t.Fatalf("%s: %v", b, err)
		}
		if !reflect.DeepEqual(back, p) {
			t.Fatalf("round trip of %s:\n got %+v\nwant %+v", b, back, p)
		}
		if err := back.Validate(); err != nil {
			t.Fatal(err)
		}
	}
	var p Profile
	if err := json.Unmarshal([]byte(`{"precedence":[{"calls":["ron"],"order":"loudest"}]}`), &p); err == nil {
		t.Error("an unknown order was accepted")
	}
	if err := json.Unmarshal([]byte(`{"extended_kong":"later"}`), &p); err == nil {
		t.Error("an unknown extended kong timing was accepted")
	}
}

// TestRecordedProfiles: a note written before the RCR 2016 correction
// means, by name or by its recorded fields, the old rulings.
func TestRecordedProfiles(t *testing.T) {
	old := `{"name":"ema2016","edition":"EMA Riichi Competition Rules 2016","window":250000000,"precedence":[{"calls":["ron"],"over_decided":true,"order":"closest"},{"calls":["pon","kan"],"order":"first_call"},{"calls":["chii"],"order":"first_call"}],"head_bump":true,"call_deadline":3000000000,"ron_changeable":false,"concealed_kong_robbable":true,"min_wall_for_riichi":4}`
	var fromNote Profile
	if err := json.Unmarshal([]byte(old), &fromNote); err != nil {
		t.Fatal(err)
	}
	byName, err := RecordedProfile("ema2016")
	if err != nil || !reflect.DeepEqual(fromNote, byName) {
		t.Fatalf("the old ema2016 by name %+v (%v), from its note %+v", byName, err, fromNote)
	}
	if byName.ClaimChecks || byName.KuikaeAllowed || byName.ExtendedKong != KongReadRefused || !byName.HeadBump {
		t.Fatalf("the old ema2016 decodes to new rulings: %+v", byName)
	}
	if now, _ := RecordedProfile("wrc2015"); !reflect.DeepEqual(now, WRC2015) {
		t.Fatalf("a name that meant nothing then: %+v", now)
	}
	if _, err := RecordedProfile("wrc"); err == nil {
		t.Fatal("an unknown name was accepted")
	}
}
