package club

// The tournament's messages from the head referee's console to a table.
//
// Topics, for a table named T (only the console's login may write the
// first; only table T the second: packaging/mosquitto/tabled.acl):
//
//	tabled/T/round   QoS 1, not retained: Round, the table's players for the
//	                 round by seat and the round's clock, sent when the
//	                 console seats a round, starts or changes its clock,
//	                 and in answer to an ask
//	tabled/T/ask     QoS 1: Ask, a table that (re)started or reconnected
//	                 asks the console to send its Round again
//
// The clock travels as time remaining at the moment the console sent it,
// never as a wall-clock time, so the tables' clocks need not agree with
// the console's: a table counts down from the moment it took the message.
// A table logs every Round it takes as an input, so its claim log says who
// sat where and when the round's time was up, and replay reproduces it.

// Round is the payload on a table's round topic.
type Round struct {
	// Tournament names the tournament; Round is the round's number, 1..R.
	Tournament string `json:"tournament"`
	Round      int    `json:"round"`
	// Seats are the round's players in wind order: East (who deals
	// first), South, West, North.
	Seats [4]RoundSeat `json:"seats"`
	// Clock is the round's clock as the console had it when it sent this.
	Clock RoundClock `json:"clock"`
	// AfterTime is the number of hands played after the one in play when
	// the time is up; -1 leaves the table's rule book's own number.
	AfterTime int `json:"after_time"`
	// Sent numbers the console's messages to this table, so a table can
	// tell a message sent again from a newer one.
	Sent uint64 `json:"sent"`
}

// RoundSeat is one seat's player in a Round.
type RoundSeat struct {
	// Player is the player's number in the tournament, 1..N.
	Player int    `json:"player"`
	Name   string `json:"name"`
	// EMA is the player's EMA number, "" for none.
	EMA string `json:"ema,omitempty"`
	// Cards are the UIDs (hex, lower case) of the NFC player cards
	// registered to the player: a card laid on a reader says who sits there.
	Cards []string `json:"cards,omitempty"`
}

// RoundClock is the round's clock in a Round.
type RoundClock struct {
	// State is "waiting" (the round is seated, its clock not started),
	// "running", "paused" or "over" (the time is up).
	State string `json:"state"`
	// RemainingMS is the time left when the console sent the message;
	// while waiting, the round's whole length.
	RemainingMS int64 `json:"remaining_ms"`
}

// Ask is the payload on a table's ask topic.
type Ask struct {
	// Table is the asking table's name (the topic says it too).
	Table string `json:"table"`
	// Have is the Sent number of the newest Round the table holds, 0 for none.
	Have uint64 `json:"have"`
}
