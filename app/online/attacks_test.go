package online

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"
)

// The attacks of issue 40, each by a device running modified code that signs whatever it
// likes with its own key and sends it on its own connections, against replicas in a room.

// secondHello is a hello a device sends again on its open connection, validly signed for it,
// claiming moves it does not hold.
func (rm *room) secondHello(from, to, count int) message {
	m := message{Type: msgHello, Version: Version, Game: rm.tb.g.Game, Key: rm.tb.g.Keys[from], Count: count, Take: 0, Hash: "0123456789abcdef", Link: &Link{7}}
	m.Sig = rm.tb.ids[from].sign(helloContent(rm.tb.g.Game, m.Key, peerName(from), peerName(to), m.Count, m.Take, m.Hash, m.Link))
	return m
}

// Attack 1: a fresh hello claiming any number of moves, then a bot's move for the present
// player's seat. Nothing a peer claims decides what a bot may do: the victim refuses the move
// and names the device, every other device refuses it too, and the claim holds nobody up for
// longer than Timing.Stall, naming its author.
func TestAttackFreshHelloCannotPlayAPresentPlayersSeat(t *testing.T) {
	rm := newRoom(t, 3)
	const victim, other, cheater = 0, 1, 2
	for rm.reps[0].Game().State().Actor() != victim {
		rm.play()
	}
	n := rm.reps[victim].Ledger().Len()
	for _, to := range []int{victim, other} {
		rm.inject(cheater, to, rm.secondHello(cheater, to, n+5))
	}
	// The claim is a cue for Timing.Stall at most: then it is dropped and its author named.
	if !rm.reps[victim].Behind() {
		t.Fatal("the claim was not even a cue to fetch")
	}
	for _, i := range []int{victim, other} {
		rm.fire(i, TimerStall)
		if rm.reps[i].Behind() || !rm.noticed(i, fmt.Sprintf("Player 3's device said it held %d moves but sent none within 30 s", n+5)) {
			t.Fatalf("device %d is still held up by the claim after Timing.Stall, or did not name it: %q", i, lastOf(rm.notices[i]))
		}
	}
	m := rm.reps[victim].Game().LegalMoves()[0]
	forged := rm.tb.ids[cheater].SignMove(rm.tb.g.Game, rm.reps[victim].Ledger().Next(), m, true)
	for _, to := range []int{victim, other} {
		rm.inject(cheater, to, message{Type: msgMove, Move: &forged, Hash: "0000000000000000"})
	}
	for _, i := range []int{victim, other} {
		if rm.reps[i].Ledger().Len() != n {
			t.Fatalf("device %d accepted a bot's move for a present player on a claimed history", i)
		}
	}
	if !rm.noticed(victim, "sent a bot's move for your seat (move") {
		t.Errorf("the victim was not told: %q", rm.notices[victim])
	}
	if !rm.noticed(other, "this device did not accept that bot") {
		t.Errorf("the other device did not name it: %q", rm.notices[other])
	}
	// The same from a connection opened again (a first hello with the claim): the victim has
	// caught up in its room session, so no bot's move for its seat is history any more.
	for _, i := range []int{victim, other} {
		rm.reps[i].tClose(peerName(cheater))
		rm.reps[i].tOpen("peerc2")
		h := message{Type: msgHello, Version: Version, Game: rm.tb.g.Game, Key: rm.tb.g.Keys[cheater], Count: n + 1, Hash: "0123456789abcdef", Link: &Link{7}}
		h.Sig = rm.tb.ids[cheater].sign(helloContent(rm.tb.g.Game, h.Key, "peerc2", peerName(i), h.Count, 0, h.Hash, h.Link))
		rm.reps[i].tReceive("peerc2", encode(h))
		rm.reps[i].tReceive("peerc2", encode(message{Type: msgSync, Game: rm.tb.g.Game, At: n, Moves: []Signed{forged}}))
		rm.flush()
		if rm.reps[i].Ledger().Len() != n {
			t.Fatalf("device %d accepted the bot's move as history from a new connection", i)
		}
	}
	// The victim plays its own seat, and the honest devices agree.
	if err := rm.reps[victim].Play(m); err != nil {
		t.Fatal(err)
	}
	rm.flush()
	if rm.reps[other].Ledger().Len() != n+1 || rm.reps[other].Ledger().tip() != rm.reps[victim].Ledger().tip() {
		t.Fatal("the honest devices do not agree on the victim's own move")
	}
}

// Attack 2: an undo of another player's move with only the other players' yes, sent live and
// inside a catch-up. A proof without a request signed by the move's maker is refused
// wherever it arrives, and nobody's screen says the victim took anything back.
func TestAttackUndoWithoutItsMakersRequest(t *testing.T) {
	rm := newRoom(t, 2)
	const victim, cheater = 0, 1
	for {
		rm.play()
		l := rm.reps[victim].Ledger()
		if n := l.Len(); l.At(n-1).Seat() == victim && rm.reps[victim].Game().CanUndo() {
			break
		}
	}
	l := rm.reps[victim].Ledger()
	n := l.Len()
	at, take, link := n-1, l.At(n-1).Take, l.links[n-1]
	yes := Vote{Seat: cheater, Sig: rm.tb.ids[cheater].sign(voteContent(rm.tb.g.Game, at, take, link))}
	proofs := []UndoProof{
		{At: at, Take: take, Link: link, Maker: victim, Votes: []Vote{yes}},
		{At: at, Take: take, Link: link, Maker: victim, Votes: []Vote{yes}, Request: rm.tb.ids[cheater].sign(confirmContent(rm.tb.g.Game, at, take, link))},
	}
	for _, p := range proofs {
		rm.inject(cheater, victim, message{Type: msgUndo, Undo: &p})
		rm.inject(cheater, victim, message{Type: msgSync, At: n, Undos: []UndoProof{p}})
	}
	if rm.reps[victim].Ledger().Len() != n || len(rm.reps[victim].Ledger().Undos()) != 0 {
		t.Fatal("the victim's move was taken back without its request")
	}
	if rm.noticed(victim, "took back") {
		t.Errorf("the victim's screen says a move was taken back: %q", rm.notices[victim])
	}
	if !rm.noticed(victim, "without its maker's signed request") {
		t.Errorf("the forged undo was not named: %q", rm.notices[victim])
	}
	// A record carrying such a proof does not verify either.
	stored := rm.reps[victim].Ledger().Moves()
	if _, err := VerifyRecord(rm.tb.g, stored, proofs[:1], AnyRunner); err == nil {
		t.Fatal("a stored record with a forged undo verified")
	}
}

// Attack 3: undo proofs for moves not made yet, a thousand and more, to grow the victim's
// store and reopen a later index so that every honest move there is refused. None is kept,
// and the game goes on past that index.
func TestAttackForgedUndosNeitherBloatNorFreeze(t *testing.T) {
	rm := newRoom(t, 2)
	const victim, cheater = 0, 1
	for i := 0; i < 6; i++ {
		rm.play()
	}
	n := rm.reps[victim].Ledger().Len()
	var forged []UndoProof
	for k := 0; k < 1500; k++ {
		at, maker := n+10+k%5, k%2
		link := Link{byte(k), byte(k >> 8)}
		p := UndoProof{At: at, Take: k / 5, Link: link, Maker: maker,
			Request: rm.tb.ids[cheater].sign(confirmContent(rm.tb.g.Game, at, k/5, link)),
			Votes:   []Vote{{Seat: 1 - maker, Sig: rm.tb.ids[cheater].sign(voteContent(rm.tb.g.Game, at, k/5, link))}}}
		forged = append(forged, p)
	}
	rm.inject(cheater, victim, message{Type: msgSync, At: n, Undos: forged})
	undos := rm.reps[victim].Ledger().Undos()
	if len(undos) != 0 {
		t.Fatalf("the victim kept %d forged undos", len(undos))
	}
	before := len(encode(message{Moves: rm.reps[victim].Ledger().Moves(), Undos: undos}))
	for i := 0; i < 20; i++ {
		rm.play()
	}
	rm.sameEverywhere()
	if got := rm.reps[victim].Ledger().Len(); got != n+20 {
		t.Fatalf("the game stuck at move %d", got+1)
	}
	if after := len(encode(message{Undos: rm.reps[victim].Ledger().Undos()})); after > before {
		t.Fatalf("the store grew from the forged undos: %d bytes", after)
	}
}

// Every collection a peer can grow is bounded by what the game allows at that moment, and
// anything beyond is refused: claims (one per seat however many acknowledgements run ahead),
// the slots remembered to catch equivocation (only those that exist), undo proofs (above),
// deal messages (below) and the lobby's early messages (lobby_test.go).
func TestPeersCannotGrowAReplicasState(t *testing.T) {
	rm := newRoom(t, 3)
	const victim, cheater = 0, 2
	for i := 0; i < 5; i++ {
		rm.play()
	}
	r := rm.reps[victim]
	n := r.Ledger().Len()
	seen := len(r.ledger.seen)
	for k := 0; k < 500; k++ {
		link := Link{byte(k)}
		rm.inject(cheater, victim, message{Type: msgAck, At: n + k, Hash: "0123456789abcdef", Link: &link})
		at := Position{Index: n + 1 + k, Prev: link, Before: uint64(k)}
		s := rm.tb.ids[cheater].SignMove(rm.tb.g.Game, at, r.Game().LegalMoves()[0], false)
		r.tReceive(peerName(cheater), encode(message{Type: msgSync, Game: rm.tb.g.Game, At: n + 1 + k, Moves: []Signed{s}}))
	}
	rm.flush()
	if len(r.claims) > 2 {
		t.Fatalf("%d claims kept for 3 players", len(r.claims))
	}
	if len(r.ledger.seen) > seen+3 {
		t.Fatalf("the equivocation memory grew from %d to %d slots on moves far ahead", seen, len(r.ledger.seen))
	}
	if len(r.stalls.waits) > 2 {
		t.Fatalf("%d stalls watched for 3 players", len(r.stalls.waits))
	}
}

// A seat's deal messages are taken in their order only, and each must add something to the
// deal: a seat repeating its keys under new numbers, to fill the others' memory and stores,
// is refused at once, named, and changes nothing.
func TestDealMessagesAreBoundedPerSeat(t *testing.T) {
	rm := newRoomOf(t, 2, true)
	const victim, cheater = 0, 1
	c := dealtOf(rm.reps[victim])
	sign := func(seq int, m SignedDeal) SignedDeal {
		m.Seq = seq
		m.Sig = rm.tb.ids[cheater].sign(m.content())
		return m
	}
	var own []SignedDeal
	for _, sd := range dealtOf(rm.reps[cheater]).deals {
		if sd.Seat == cheater {
			own = append(own, sd)
		}
	}
	next, kept := c.count[cheater], len(c.deals)
	// A message numbered ahead of the next is refused.
	rm.inject(cheater, victim, message{Type: msgDeal, Deals: []SignedDeal{sign(next+3, own[0])}})
	if c.count[cheater] != next || !rm.noticed(victim, "before its message") {
		t.Fatalf("a message numbered ahead was taken (%d), or not named: %q", c.count[cheater], lastOf(rm.notices[victim]))
	}
	// Its keys again under new numbers, a thousand times.
	keys := own[len(own)-1]
	if keys.Msg.Keys == nil {
		t.Fatal("the cheater's last message is not a keys message")
	}
	for seq := next; seq < next+1000; seq++ {
		rm.inject(cheater, victim, message{Type: msgDeal, Deals: []SignedDeal{sign(seq, keys)}})
	}
	if c.count[cheater] != next || len(c.deals) != kept {
		t.Fatalf("%d messages kept after the flood, %d before", len(c.deals), kept)
	}
	if !rm.noticed(victim, "sent again, as a new message, what it had sent before") {
		t.Fatalf("the flood was not named: %q", lastOf(rm.notices[victim]))
	}
	if b := c.bound; b < 60 || b > 400 {
		t.Fatalf("a seat may send %d deal messages in a game", b)
	}
}

func lastOf(xs []string) []string { return xs[max(0, len(xs)-3):] }

// Attack 4 and 5: a device that stays connected and never sends the keys the others need
// stalls a game whose cards the devices deal. It is named on every other device as holding
// the game up once Timing.Stall is over; after Timing.End more, any player may end the game,
// and every device stops with the ending, signed, in its record. The staller then withholds
// its audit keys too: it is named as refusing the audit, and the record keeps that.
func TestAttackStallerIsNamedAndTheGameCanBeEnded(t *testing.T) {
	const ender, other, staller = 0, 1, 2
	// Its keys (for the first hands, then for the audit) never leave its device.
	rm := newRoomWith(t, roomOptions{players: 3, dealt: true, drop: func(from, to int, data []byte) bool {
		var m message
		_ = json.Unmarshal(data, &m)
		for _, sd := range m.Deals {
			if sd.Seat == staller && (sd.Msg.Keys != nil || sd.Msg.Audit != nil) {
				return true
			}
		}
		return false
	}})
	for _, i := range []int{ender, other} {
		if s := rm.reps[i].Stalls(); len(s) != 1 || s[0].Seat != staller || s[0].Named {
			t.Fatalf("device %d watches %+v, want the staller, not yet named", i, s)
		}
		if rm.reps[i].CanEnd() {
			t.Fatalf("device %d may end the game before any bound", i)
		}
		rm.fire(i, TimerStall)
		if !rm.noticed(i, "Player 3's device is holding the game up: it has not sent its key for a card dealt to another player for 30 s") {
			t.Fatalf("device %d did not name the staller: %q", i, rm.notices[i])
		}
		if err := rm.reps[i].End(); err == nil {
			t.Fatalf("device %d ended the game before Timing.End", i)
		}
		rm.fire(i, TimerEnd)
		if !rm.reps[i].CanEnd() {
			t.Fatalf("device %d may not end the game after Timing.End", i)
		}
	}
	if err := rm.reps[ender].End(); err != nil {
		t.Fatal(err)
	}
	rm.flush()
	for i, r := range rm.reps {
		e := r.Ended()
		if e == nil || e.By != ender || len(e.Stalled) != 1 || e.Stalled[0] != staller || e.Check(rm.tb.g) != nil {
			t.Fatalf("device %d holds the ending %+v", i, e)
		}
		if r.Stopped() == "" || r.LocalSeat(r.Seat()) {
			t.Fatalf("device %d plays on after the ending", i)
		}
	}
	if !rm.noticed(other, "this device saw it too") || !rm.noticed(staller, "this device did not see it held up") {
		t.Errorf("the devices do not say what they saw: %q / %q", lastOf(rm.notices[other]), lastOf(rm.notices[staller]))
	}
	// The audit every device then runs: the staller's keys never come.
	rm.fire(ender, TimerStall)
	if a := rm.reps[ender].DealAudit(); !strings.Contains(a, "Player 3's device refused the audit of the deal") {
		t.Fatalf("the audit does not name the staller: %q", a)
	}
	saved := rm.reps[ender].DealState()
	if _, ok := saved.Refused[staller]; !ok || !strings.Contains(saved.Audit, "refused the audit") {
		t.Fatalf("the record does not keep the refusal: %+v %q", saved.Refused, saved.Audit)
	}
}

// Item 7: what opens a card is saved before the card is on screen. Every Ready in which a
// device's game shows more of its cards than at the one before asks to save, and the saved
// deal holds the keys that open them.
func TestCardsAreSavedBeforeTheyAreShown(t *testing.T) {
	shown := make([]int, 3)
	rm := newRoomWith(t, roomOptions{players: 3, dealt: true, ready: func(i int, r *Replica, rd Ready) {
		n := len(r.Game().Reveals())
		if n > shown[i] && !rd.Save {
			t.Fatalf("device %d shows %d cards, %d of them not saved first", i, n, n-shown[i])
		}
		shown[i] = n
	}})
	for i := 0; i < 12; i++ {
		rm.play()
	}
	for i, r := range rm.reps {
		b, err := json.Marshal(r.DealState())
		if err != nil {
			t.Fatal(err)
		}
		var saved DealSaved
		if err := json.Unmarshal(b, &saved); err != nil {
			t.Fatal(err)
		}
		again, err := ResumeDealt(rm.tb.ids[i], rm.tb.g, r.Ledger().Moves(), saved, DefaultTiming, newKeySource(i))
		if err != nil {
			t.Fatal(err)
		}
		if fmt.Sprint(again.Game().State().Players[i].Hand) != fmt.Sprint(r.Game().State().Players[i].Hand) {
			t.Fatalf("device %d taken up again alone does not hold its own hand", i)
		}
	}
}

// A hello can be lost twice: the second hello on a connection that still says it lacks this
// device's hello is answered with it, or its sender would ignore this device for as long as
// the connection lasts (the soak found a device left behind that way, asking for moves nobody
// would send it).
func TestASecondHelloWithoutOursIsAnswered(t *testing.T) {
	rm := newRoom(t, 2)
	h := rm.secondHello(1, 0, 0) // (no position: nothing to acknowledge)
	rm.reps[0].tReceive(peerName(1), encode(h))
	rd := rm.reps[0].drain()
	for _, m := range rd.Messages {
		if got, err := decode(m.Data); err == nil && got.Type == msgHello && m.To == peerName(1) && got.Greeted {
			return
		}
	}
	t.Fatalf("a hello that says it lacks this device's hello was not answered with it: %d messages", len(rd.Messages))
}

// A device that holds another game than the rest (forked) is away from this one, however
// long it stays connected: its turn does not hold the game up for good. Its seat may be played
// by a bot like an away player's, its own no does not stop that bot, and an old agreement (an
// acknowledgement of a move before the two parted) does not bring it back.
func TestAForkedDeviceCannotHoldTheGameUp(t *testing.T) {
	rm := newRoom(t, 3)
	const runner, other, forked = 0, 1, 2
	for rm.reps[0].Game().State().Actor() != forked || rm.reps[0].Ledger().Len() < 2 {
		rm.play()
	}
	n := rm.reps[runner].Ledger().Len()
	pos := rm.reps[runner].Ledger().Next()
	pos.Prev = Link{9} // another history
	s := rm.tb.ids[forked].SignMove(rm.tb.g.Game, pos, rm.reps[runner].Game().LegalMoves()[0], false)
	for _, to := range []int{runner, other} {
		rm.inject(forked, to, message{Type: msgMove, Move: &s, Hash: "0000000000000000"})
		if st := rm.reps[to].SeatState(forked); st != PeerAway {
			t.Fatalf("device %d shows the forked device's seat as %v, not away", to, st)
		}
	}
	if err := rm.reps[runner].LetBotPlay(forked, "easy"); err != nil {
		t.Fatalf("a bot may not play the seat of a device that holds another game: %v", err)
	}
	rm.flush()
	rm.inject(forked, runner, message{Type: msgSeatBotOK, Seat: forked}) // its no
	if !rm.reps[runner].hasBot(forked) || !rm.reps[other].hasBot(forked) {
		t.Fatal("the forked device's no stopped the bot")
	}
	l := rm.reps[runner].Ledger()
	old := message{Type: msgHello, Version: Version, Key: rm.tb.g.Keys[forked], Count: n - 1, Take: l.At(n - 2).Take,
		Hash: hashString(l.HashAfter(n - 2)), Link: &l.links[n-2]} // (it agrees up to before the fork)
	old.Sig = rm.tb.ids[forked].sign(helloContent(rm.tb.g.Game, old.Key, peerName(forked), peerName(runner), old.Count, old.Take, old.Hash, old.Link))
	rm.inject(forked, runner, old)
	if rm.reps[runner].SeatState(forked) != PeerAway || !rm.reps[runner].hasBot(forked) {
		t.Fatal("an acknowledgement of a move before the fork brought the forked device back")
	}
}

// A player may resign: the game ends on every device with the scores as they stand, the
// resignation signed by that player in the record; one made in another player's name, or
// under another key, stops nothing.
func TestAPlayerResignsAndNoOneCanResignForThem(t *testing.T) {
	rm := newRoom(t, 3)
	rm.play()
	rm.play()
	// A forged resignation of player 2, signed by player 1's key.
	forged := Ending{Game: rm.tb.g.Game, At: rm.reps[0].Ledger().Len(), By: 1, Reason: resignReason}
	forged.Sig = rm.tb.ids[0].sign(forged.content())
	rm.inject(0, 2, message{Type: msgEnd, End: &forged})
	rm.flush()
	if rm.reps[2].Stopped() != "" || !rm.noticed(2, "not signed by its player") {
		t.Fatalf("a forged resignation stopped the game: %q, %q", rm.reps[2].Stopped(), rm.notices[2])
	}
	if err := rm.reps[1].Resign(); err != nil {
		t.Fatal(err)
	}
	rm.flush()
	for i, r := range rm.reps {
		e := r.Ended()
		if e == nil || !e.Resigned() || e.By != 1 || e.Check(rm.tb.g) != nil {
			t.Fatalf("device %d holds the ending %+v", i, e)
		}
		if !strings.Contains(r.Stopped(), "resigned after move 2") {
			t.Fatalf("device %d says %q", i, r.Stopped())
		}
	}
	if err := rm.reps[0].Resign(); err == nil {
		t.Fatal("a player resigned a game that had ended")
	}
}

// Ending a game for a player's time (the shell keeps the clock): only for the player to move,
// never for one's own seat, with a reason; the signed ending stops every device.
func TestAGameEndedForTimeNamesThePlayerToMove(t *testing.T) {
	rm := newRoom(t, 3)
	rm.play()
	actor := rm.reps[0].Game().State().Actor()
	other := (actor + 1) % 3
	if err := rm.reps[actor].EndForTime(actor, "their time ran out"); err == nil {
		t.Fatal("a player ended the game for their own time")
	}
	if err := rm.reps[actor].EndForTime(other, "their time ran out"); err == nil {
		t.Fatal("a player ended the game for the time of a player not to move")
	}
	if err := rm.reps[other].EndForTime(actor, ""); err == nil {
		t.Fatal("an ending for time without its reason")
	}
	if err := rm.reps[other].EndForTime(actor, "their turn ran past the game's 24 hours"); err != nil {
		t.Fatal(err)
	}
	rm.flush()
	for i, r := range rm.reps {
		e := r.Ended()
		if e == nil || e.By != other || len(e.Stalled) != 1 || e.Stalled[0] != actor || e.Check(rm.tb.g) != nil || r.Stopped() == "" {
			t.Fatalf("device %d holds the ending %+v (%q)", i, e, r.Stopped())
		}
	}
}
