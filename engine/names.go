package engine

// Names are the players' names by physical seat ("" when not given). The
// engine keeps them from the Name inputs it applies (State.Names), and a
// reader of a log derives them the same way from the name inputs a
// referee did not void (journal.Players): the one rule for both is Take.
type Names [4]string

// Take applies ev if it is a Name input: the latest name given a seat is
// its player's, and an empty one clears it. Other events change nothing.
func (n *Names) Take(ev Event) {
	if ev.Action == Name && ev.Seat.Valid() {
		n[ev.Seat] = ev.Name
	}
}
