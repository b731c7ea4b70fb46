// Package club connects the tables of a club through an MQTT broker: each
// table publishes its claim log, in order and at least once, and a head
// referee's console watches every table, showing each event exactly once.
//
// Topics, for a table named T:
//
//	tabled/T/events   QoS 1, not retained: one Message per claim-log record
//	tabled/T/status   QoS 1, retained: Status; the last will sets Online false
//	tabled/T/replay   QoS 1: a watcher asks the table to publish again from a sequence
//
// The claim log is the outbox: a table that loses the broker keeps playing
// and, when it is back, publishes from the first record the broker did not
// acknowledge. Duplicates that this can cause are dropped by the watcher,
// which keeps the last sequence number seen per table.
package club

import (
	"encoding/json"
	"strings"
)

// Prefix is the first level of every topic.
const Prefix = "tabled"

// Message is the payload on the events topic.
type Message struct {
	Table string          `json:"table"`
	Seq   uint64          `json:"seq"`
	Body  json.RawMessage `json:"body"`
}

// Status is the retained payload on the status topic.
type Status struct {
	Table  string `json:"table"`
	Online bool   `json:"online"`
	// Seq is the latest sequence number the table has had acknowledged.
	Seq uint64 `json:"seq"`
	// URL is the table's own status page, for drilling down from the console.
	URL string `json:"url,omitempty"`
	// TakenOver counts the times since the table started that the broker
	// cut it off for another client with its client id.
	TakenOver uint64 `json:"taken_over,omitempty"`
	// Instance is drawn at random by the table at each start: a status of
	// an instance the console saw replaced by another is a second running
	// table publishing with the same name (Console.Status).
	Instance string `json:"instance,omitempty"`
}

// Replay is the payload on the replay topic.
type Replay struct {
	From uint64 `json:"from"`
	// By names the requester (a watcher's client id): a table takes one
	// ask a second from each, so one asking too often slows only itself.
	By string `json:"by,omitempty"`
}

func topic(table, kind string) string { return Prefix + "/" + table + "/" + kind }

// tableOf returns the table and kind of a topic "tabled/T/kind".
func tableOf(t string) (table, kind string, ok bool) {
	parts := strings.Split(t, "/")
	if len(parts) != 3 || parts[0] != Prefix || parts[1] == "" {
		return "", "", false
	}
	return parts[1], parts[2], true
}

// ValidTableName reports whether a name can be a topic level.
func ValidTableName(s string) bool {
	return s != "" && len(s) <= 64 && !strings.ContainsAny(s, "/+#\x00")
}
