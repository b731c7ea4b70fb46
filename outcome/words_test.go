package outcome

import "testing"

// TestWords: each record's sentences, once for every surface.
func TestWords(t *testing.T) {
	rs := make([]Record, 0, 7)
	for _, o := range outcomes() {
		rs = append(rs, Of(o))
	}
	for _, c := range []struct{ got, want string }{
		{Line(rs[0]), "DECISION on East's kong of 3p: PON South beats CHII West\n           lost: PON South beats CHII West: pon beats chii"},
		{Won(rs[0]), "PON South"},
		{LostLine(rs[0].Lost[0]), "CHII West lost: pon beats chii"},
		{LostLine(SeatCall{Seat: "W", Call: "chii", Reason: "logged before why"}), "CHII West lost: logged before why"},
		{Line(rs[1]), "REJECTED CHII West: not next"},
		{Line(rs[2]), "REFEREE  check the table: look"},
		{Flag(Record{Seat: "N", Reason: "x"}), "check North: x"},
		{Line(rs[3]), "DORA     indicators 4m -> dora 5m"},
		{Line(rs[4]), "HAND END ron by South and West"},
		{HandEnd(Record{Result: "draw"}), "draw"},
		{Line(rs[5]), "DEAL     South 3, 1 honba, 2 riichi sticks; seat 2 deals"},
		{DealHand(rs[5]) + " / " + DealTable(rs[5]), "South 3 / 1 honba, 2 riichi sticks; seat 2 deals"},
		{Line(rs[6]), "KONG     no ron"},
		{WindName("W") + WindName("?"), "West?"},
		{CallLabel("ron", ""), "RON"},
		{Line(rs[7]), "SCORE    ron: West 3 han 40 fu 5200 from East, North 2x yakuman 64000 from East (pao South); changes E -70500 S +0 W +5500 N +65000; scores E -40500 S 30000 W 35500 N 95000; honba 0, sticks 0"},
		{Line(rs[8]), "GAME END 1. East 41000 (+27000), 2. South 30000 (+5000), 3. West 29000 (-6000), 4. North 20000 (-25000)"},
		{WinValue(Win{Seat: "E", Han: 4, Fu: 30, Limit: "mangan", Points: 12000}), "4 han 30 fu (mangan) 12000"},
		{WinValue(Win{Seat: "E", Han: 6, Limit: "haneman", Points: 18000}), "6 han (haneman) 18000"},
		{WinValue(Win{Seat: "E", Points: 0}), "no value 0"},
		{Score(Record{Result: "chombo", Chombo: "S"}), "chombo by South; changes E +0 S +0 W +0 N +0; scores E 0 S 0 W 0 N 0; honba 0, sticks 0"},
	} {
		if c.got != c.want {
			t.Errorf("got  %q\nwant %q", c.got, c.want)
		}
	}
	text, ind, dora, ok := NewDora(rs[3])
	if !ok || text != "indicator 4m -> dora 5m" || ind != "4m" || dora != "5m" {
		t.Errorf("new dora %q %q %q %v", text, ind, dora, ok)
	}
	if _, _, _, ok := NewDora(Record{Type: TypeDora}); ok {
		t.Error("a dora line with no indicator has a new dora")
	}
}
