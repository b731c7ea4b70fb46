package club

import (
	"context"
	"encoding/json"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/eclipse/paho.golang/autopaho"
	"github.com/eclipse/paho.golang/paho"
)

// testRound is a round for table-1: Ana East, Bo South, Cy West, Di North.
func testRound(sent uint64, remaining int64) Round {
	return Round{Tournament: "Spring Open", Round: 2, Sent: sent, AfterTime: -1,
		Clock: RoundClock{State: "running", RemainingMS: remaining},
		Seats: [4]RoundSeat{{Player: 7, Name: "Ana", Cards: []string{"04a1b2c3"}}, {Player: 12, Name: "Bo"}, {Player: 3, Name: "Cy"}, {Player: 30, Name: "Di"}}}
}

// TestShippedACLRound: through mosquitto with the shipped ACL, the
// console's round reaches the table it is for (which asks for it at
// connect, and the console reads the ask); another table's login can
// write neither table-1's round nor its own, nor ask for table-1.
func TestShippedACLRound(t *testing.T) {
	b := startClubBroker(t, "console", "table-1", "table-2")
	ctx, cancel := context.WithCancel(context.Background())
	var wg sync.WaitGroup
	defer func() { cancel(); wg.Wait() }()

	console, err := client(t, ctx, b, "console", "console-pw")
	if err != nil {
		t.Fatal(err)
	}
	asks := make(chan Ask, 4)
	console.AddOnPublishReceived(func(pr autopaho.PublishReceived) (bool, error) {
		var a Ask
		if strings.HasSuffix(pr.Packet.Topic, "/ask") && json.Unmarshal(pr.Packet.Payload, &a) == nil {
			asks <- a
		}
		return true, nil
	})
	if _, err := console.Subscribe(ctx, &paho.Subscribe{Subscriptions: []paho.SubscribeOptions{{Topic: "tabled/+/ask", QoS: 1}}}); err != nil {
		t.Fatal(err)
	}
	rounds := make(chan Round, 4)
	p, err := NewPublisher(PublisherConfig{Broker: Broker{URL: b.URL(), Username: "table-1", Password: "table-1-pw"}, Table: "table-1", Outbox: NewMemOutbox(),
		OnRound: func(r Round) { rounds <- r }, Have: func() uint64 { return 5 }})
	if err != nil {
		t.Fatal(err)
	}
	wg.Add(1)
	go func() { defer wg.Done(); p.Run(ctx) }()
	select {
	case a := <-asks:
		if a.Table != "table-1" || a.Have != 5 {
			t.Fatalf("ask %+v, want table-1 holding 5", a)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("the table did not ask for its round at connect")
	}

	forger, err := client(t, ctx, b, "table-2", "table-2-pw")
	if err != nil {
		t.Fatal(err)
	}
	bad, _ := json.Marshal(testRound(9, 1000))
	for _, tp := range []string{topic("table-1", "round"), topic("table-2", "round"), topic("table-1", "ask")} {
		if _, err := forger.Publish(ctx, &paho.Publish{Topic: tp, QoS: 1, Payload: bad}); err == nil || !strings.Contains(err.Error(), "authori") {
			t.Errorf("table-2 writing %s: %v, want refused as not authorised", tp, err)
		}
	}
	good, _ := json.Marshal(testRound(6, 60000))
	if _, err := console.Publish(ctx, &paho.Publish{Topic: topic("table-1", "round"), QoS: 1, Payload: good}); err != nil {
		t.Fatalf("the console cannot send a round: %v", err)
	}
	// A payload that is not a round is refused by the table, not taken.
	console.Publish(ctx, &paho.Publish{Topic: topic("table-1", "round"), QoS: 1, Payload: []byte(`{"round":"x"}`)})
	select {
	case r := <-rounds:
		if r.Sent != 6 || r.Seats[0].Name != "Ana" || r.Clock.RemainingMS != 60000 {
			t.Fatalf("table-1 took %+v", r)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("table-1 did not take the console's round")
	}
	select {
	case r := <-rounds:
		t.Fatalf("table-1 took a second round %+v: a forged or malformed one", r)
	case <-time.After(300 * time.Millisecond):
	}
}

// TestDecodeRound: a Round's errors name the field.
func TestDecodeRound(t *testing.T) {
	ok, _ := json.Marshal(testRound(1, 1000))
	if _, err := DecodeRound(ok); err != nil {
		t.Fatalf("a good round: %v", err)
	}
	for _, tc := range []struct{ change, want string }{
		{`"sent":1`, "field sent"},
		{`"remaining_ms":1000`, "remaining_ms"},
		{`"state":"running"`, "clock state"},
		{`"name":"Bo"`, "seats[1].name"},
		{`"player":3`, "player number"},
		{`"04a1b2c3"`, "card"},
		{`"round":2`, "round"},
	} {
		bad := map[string]string{`"sent":1`: `"sent":0`, `"remaining_ms":1000`: `"remaining_ms":-5`, `"state":"running"`: `"state":"late"`,
			`"name":"Bo"`: `"name":""`, `"player":3`: `"player":0`, `"04a1b2c3"`: `"04A1"`, `"round":2`: `"round":0`}[tc.change]
		b := strings.Replace(string(ok), tc.change, bad, 1)
		if _, err := DecodeRound([]byte(b)); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: %v, want an error naming %q", b, err, tc.want)
		}
	}
	if _, err := DecodeRound(append(ok, ok...)); err == nil {
		t.Error("two values taken")
	}
}

// FuzzDecodeRound: no payload crashes the decoder; one it takes re-encodes
// to one it takes again.
func FuzzDecodeRound(f *testing.F) {
	ok, _ := json.Marshal(testRound(1, 1000))
	f.Add(ok)
	f.Add([]byte(`{}`))
	f.Add([]byte(`{"seats":[{"player":1,"name":"\u0000"}]}`))
	f.Fuzz(func(t *testing.T, b []byte) {
		r, err := DecodeRound(b)
		if err != nil {
			return
		}
		again, _ := json.Marshal(r)
		if _, err := DecodeRound(again); err != nil {
			t.Fatalf("%s taken, its re-encoding %s refused: %v", b, again, err)
		}
	})
}
