package club

import (
	"fmt"
	"slices"
	"testing"
)

// TestFollow: the watcher's callbacks feed the console and the
// tournament; a connection to the broker sends every table its round
// again, a broker still connecting sends none.
func TestFollow(t *testing.T) {
	g := newTourRig(t, t.TempDir())
	g.must("/api/tournament/options", `{"by":"Ref","options":{"name":"Cup","rounds":1,"round_minutes":60,"tables":["t1","t2"],"book":"ema2016"}}`)
	for i := 1; i <= 8; i++ {
		g.must("/api/tournament/player", fmt.Sprintf(`{"by":"Ref","player":{"name":"Player %d"}}`, i))
	}
	g.must("/api/tournament/seat", `{"by":"Ref","from":1,"seed":7}`)
	sent := func() int {
		g.mu.Lock()
		defer g.mu.Unlock()
		return len(g.sent["t1"])
	}
	before := sent()
	if before == 0 {
		t.Fatal("the seating sent t1 no round")
	}
	w := g.tour.Follow(WatcherConfig{ClientID: "console-test", Roster: []string{"t1", "t2", "t3"}})
	if w.ClientID != "console-test" || len(w.Roster) != 3 {
		t.Fatalf("Follow changed what it was given: %+v", w)
	}
	w.OnBroker(connecting("broker.club"))
	g.tour.Wait()
	if sent() != before || g.console.BrokerStatus().State != BrokerConnecting {
		t.Errorf("connecting: %d rounds sent (before %d), console says %+v", sent(), before, g.console.BrokerStatus())
	}
	w.OnBroker(connected("broker.club"))
	g.tour.Wait()
	if sent() != before+1 || g.lastSent("t1").Tournament != "Cup" || g.console.BrokerStatus().State != BrokerConnected {
		t.Errorf("connected: %d rounds sent (before %d), console says %+v", sent(), before, g.console.BrokerStatus())
	}
	w.OnStatus(Status{Table: "t3", Online: true})
	tables, _, _ := g.console.Tables()
	if !slices.ContainsFunc(tables, func(v TableView) bool { return v.Table == "t3" && v.Online }) {
		t.Errorf("the console has no t3 online: %+v", tables)
	}
}
