// Package web serves a table on the LAN: the live status page for tablets,
// its JSON state, a Server-Sent Events stream of every journaled entry, and,
// on a simulated table, the virtual seat buttons.
package web
