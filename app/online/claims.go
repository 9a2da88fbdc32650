package online

import "fmt"

// Claims. A device says how far its game is in its hello and in every acknowledgement; where
// that is beyond this device's record, it is a claim to hold moves this device lacks. A claim
// is only ever a cue: this device asks for the moves (sync-request), makes no move of its own
// while one is outstanding (it would be made on an old position), and drops the claim, naming
// its author, when the device sends fewer moves than it claimed or none within Timing.Stall
// (stall.go), counted from its first unanswered claim whatever connection it comes on. A
// device whose claim was dropped is not waited for again until it sends the moves it claims.
// What a claim says decides nothing else: which moves are accepted, which bots may play, what
// is undone and what is stored rest on signed moves and this device's own view.

// claim is the furthest move a seat's device said it holds: index at, at take.
type claim struct{ at, take int }

// claims are the outstanding claims, one per seat (its furthest).
type claims map[int]claim

func (c claims) note(seat, at, take int) {
	if cur, ok := c[seat]; !ok || at > cur.at || at == cur.at && take > cur.take {
		c[seat] = claim{at, take}
	}
}

// ahead reports whether a seat's claim still says it holds moves this ledger lacks (its
// device is then asked for them).
func (r *Replica) ahead(seat int) bool {
	c, ok := r.claims[seat]
	n := r.ledger.Len()
	return ok && !r.forked[seat] && c.at >= n && c.take >= r.ledger.takes[c.at]
}

// pendingClaim reports whether a seat's claim is ahead and waited for: its device has not
// failed to make a claim good before.
func (r *Replica) pendingClaim(seat int) bool { return r.ahead(seat) && !r.discredited[seat] }

// outstanding reports whether a seat's claim is pending and its device can be asked now.
func (r *Replica) outstanding(seat int) bool {
	return r.pendingClaim(seat) && r.peerOf(seat) != nil
}

// Behind reports whether this device waits for moves another device said it holds: no move
// can be made here until they arrive, or the claim is dropped.
func (r *Replica) Behind() bool { return r.behind() }

func (r *Replica) behind() bool {
	for seat := range r.claims {
		if r.outstanding(seat) {
			return true
		}
	}
	return false
}

// settleClaims drops the claims the record has reached (or an undo made stale).
func (r *Replica) settleClaims() {
	n := r.ledger.Len()
	for seat, c := range r.claims {
		if c.at < n || c.take < r.ledger.takes[c.at] {
			delete(r.claims, seat)
		}
	}
}

// forgetClaim drops what a device said it held beyond what this device holds: it answered
// a request with fewer moves, or none in time.
func (r *Replica) forgetClaim(seat int, why string) {
	c, ok := r.claims[seat]
	if !ok {
		return
	}
	delete(r.claims, seat)
	if c.at >= r.ledger.Len() && why != "" {
		r.discredited[seat] = true
		r.notify(true, "%s said it held %d moves but %s; it is not waited for.", capital(r.device(seat)), c.at+1, why)
	}
}

// fetchLater asks for the moves this device lacks if they have not come after Timing.Fetch:
// only the device that made a move sends it, and if it left as it went out, the move may
// have reached some devices only.
func (r *Replica) fetchLater() {
	if !r.fetching {
		r.fetching = true
		r.out.schedule(TimerFetch, -1, r.timing.Fetch)
	}
}

// fetch asks the connected device with the furthest claim for the moves missing here.
func (r *Replica) fetch() {
	r.fetching = false
	best, most := -1, -1
	for seat := range r.ledger.genesis.Keys {
		if r.ahead(seat) && r.peerOf(seat) != nil && r.claims[seat].at > most {
			best, most = seat, r.claims[seat].at
		}
	}
	if p := r.peerOf(best); p != nil {
		r.send(p.id, message{Type: msgSyncRequest, At: r.ledger.Len()})
	}
}

// claimWaits lists the seats whose claims this device waits on, for the stall watch (also
// while their device is between connections: the wait is the seat's).
func (r *Replica) claimWaits(into map[int]string) {
	for seat := range r.ledger.genesis.Keys {
		if r.pendingClaim(seat) {
			into[seat] = fmt.Sprintf("the moves it said it held (to move %d)", r.claims[seat].at+1)
		}
	}
}
