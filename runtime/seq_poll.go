package runtime

// Long Go loops. A builtin whose loop runs as long as the program says (FILL
// of a 100-million-element vector, SEARCH of a long string, hashing a huge
// structure) makes no calls and no backward jumps, so Tick never runs in
// it; it checks the limits and interrupts itself, cheaply, every
// pollInterval iterations.

// pollInterval is the number of iterations between checks (a power of two).
const pollInterval = 4096

// Poll checks the limits and interrupts as Tick does every few thousand
// steps (timeout, cancellation, interrupts, memory), without counting a
// step. It is nil-safe.
func (th *Thread) Poll() {
	if th != nil {
		th.slowCheck()
	}
}

// PollAt calls Poll once every pollInterval values of the loop counter i.
func (th *Thread) PollAt(i int) {
	if i&(pollInterval-1) == pollInterval-1 {
		th.Poll()
	}
}

// PollWork adds n units of work to the counter *w and calls Poll each time
// it passes pollInterval, for loops whose iterations cost unequal amounts.
func (th *Thread) PollWork(w *int, n int) {
	*w += n
	if *w >= pollInterval {
		*w = 0
		th.Poll()
	}
}
