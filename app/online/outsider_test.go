package online

// Attacks designed from the protocol's documentation alone (docs/online.md, docs/dealing.md
// and the package doc), by a device running modified code: it holds its own seat's key (and,
// colluding, maybe another's), opens and closes connections, sends any message to any peer in
// any order, replays what it saw and signs anything with the keys it holds. Each test mounts
// one attack and checks the guarantee the documentation states against it.

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"brass/app/dealer"
)

// msgType is the type of a message on the wire ("" if it does not decode).
func msgType(data []byte) string {
	var m message
	if json.Unmarshal(data, &m) != nil {
		return ""
	}
	return m.Type
}

// fireOldest runs only the earliest timer of a kind that device i started and has not run:
// the one due first, as the clock reaches it.
func (rm *room) fireOldest(i int, kind TimerKind) bool {
	rm.t.Helper()
	for k, tm := range rm.timers[i] {
		if tm.Kind == kind {
			rm.timers[i] = append(rm.timers[i][:k:k], rm.timers[i][k+1:]...)
			rm.reps[i].tFire(tm)
			rm.flush()
			return true
		}
	}
	return false
}

// silence is a room's drop that makes device `from` a modified device that never sends the
// message types listed (a catch-up asked of it, say).
func silence(from int, types ...string) func(int, int, []byte) bool {
	return func(f, _ int, data []byte) bool {
		if f != from {
			return false
		}
		t := msgType(data)
		for _, x := range types {
			if t == x {
				return true
			}
		}
		return false
	}
}

// playUntil has the players move (randomly, as rm.play does) until ok holds.
func (rm *room) playUntil(ok func() bool) {
	rm.t.Helper()
	for k := 0; !ok(); k++ {
		if k > 300 {
			rm.t.Fatal("the condition never held")
		}
		rm.play()
	}
}

// helloOn is a game hello with signer's key, signed for the connection fromPeer → toPeer,
// claiming count moves.
func (rm *room) helloOn(signer int, fromPeer, toPeer string, count int) message {
	m := message{Type: msgHello, Version: Version, Game: rm.tb.g.Game, Key: rm.tb.g.Keys[signer]}
	if count > 0 {
		m.Count, m.Hash, m.Link = count, "0123456789abcdef", &Link{7}
	}
	m.Sig = rm.tb.ids[signer].sign(helloContent(rm.tb.g.Game, m.Key, fromPeer, toPeer, m.Count, m.Take, m.Hash, m.Link))
	return m
}

// Attack: keep a claim alive. The attacker claims moves it does not hold (an acknowledgement
// ahead), never answers the catch-up, and renews the claim (a higher acknowledgement, a second
// hello) every few seconds, before Timing.Stall runs out. Guarantee 6 and 8: "the claim is
// dropped, naming its author, when the device sends fewer moves than it claimed or none within
// Timing.Stall": 30 s after the first claim the victim is no longer held up, or has named the
// attacker.
func TestOutsiderClaimRenewedBeforeTheStallStillNamed(t *testing.T) {
	const victim, cheater = 0, 2
	rm := newRoomWith(t, roomOptions{players: 3, drop: silence(cheater, msgSync)})
	rm.playUntil(func() bool { return rm.reps[0].Game().State().Actor() == victim })
	n := rm.reps[victim].Ledger().Len()
	link := Link{9}
	rm.inject(cheater, victim, message{Type: msgAck, At: n, Hash: "0123456789abcdef", Link: &link})
	if !rm.reps[victim].Behind() {
		t.Fatal("the claim was not even a cue to fetch")
	}
	rm.fire(victim, TimerFetch)
	// Every "20 s" the claim is renewed; the clock reaches each stall timer 30 s after it started.
	for round := 1; round <= 4; round++ {
		rm.inject(cheater, victim, message{Type: msgAck, At: n + round, Hash: "0123456789abcdef", Link: &link})
		rm.inject(cheater, victim, rm.helloOn(cheater, peerName(cheater), peerName(victim), n+round+1))
		rm.fire(victim, TimerFetch)
		rm.fireOldest(victim, TimerStall)
		if rm.reps[victim].Behind() && !rm.noticed(victim, "Player 3's device said it held") {
			t.Fatalf("round %d (%d s after the first claim): the victim still waits on the renewed claim and nobody is named: %q, stalls %+v",
				round, 30+20*(round-1), lastOf(rm.notices[victim]), rm.reps[victim].Stalls())
		}
	}
	if rm.reps[victim].Behind() {
		t.Fatalf("the victim is still held up after %d s of claims never made good", 30+20*3)
	}
}

// Attack: a claim renewed as soon as the last one was dropped. The attacker claims moves it does
// not hold, lets Timing.Stall run out (it is named, the claim dropped), and claims again at once,
// over and over. Guarantee 8, "Silence is named, and the others can finish", and the notice's own
// words ("it is not waited for"): once named for a claim it never made good, the device must not
// hold the victim up again and again, or the others must be able to end the game.
func TestOutsiderNamedClaimerCannotFreezeTheGameForever(t *testing.T) {
	const victim, cheater = 0, 2
	rm := newRoomWith(t, roomOptions{players: 3, drop: silence(cheater, msgSync)})
	rm.playUntil(func() bool { return rm.reps[0].Game().State().Actor() == victim })
	n := rm.reps[victim].Ledger().Len()
	link := Link{9}
	held := 0
	for round := 0; round < 5; round++ {
		rm.inject(cheater, victim, message{Type: msgAck, At: n + round, Hash: "0123456789abcdef", Link: &link})
		if rm.reps[victim].Behind() {
			if rm.reps[victim].LocalSeat(victim) {
				t.Fatal("the victim may move while it waits for claimed moves")
			}
			held++
		}
		rm.fire(victim, TimerFetch)
		rm.fire(victim, TimerStall)
	}
	if !rm.noticed(victim, "Player 3's device said it held") {
		t.Fatalf("the claimer was never named: %q", lastOf(rm.notices[victim]))
	}
	if held > 1 && !rm.reps[victim].CanEnd() {
		t.Fatalf("a device already named for claims it never made good held the victim up %d times in a row (%d s), the victim unable to move "+
			"and unable to end the game; the notice said each time %q", held, 30*held, rm.notices[victim][len(rm.notices[victim])-1])
	}
}

// Attack: a claim renewed by reconnecting. The attacker opens a connection whose first hello
// claims moves, closes it before Timing.Stall, and opens another with the same claim (a new
// peer id each time, as the signalling server gives on a rejoin). Guarantee 6: the claim is
// dropped, naming its author, when none of the moves come within Timing.Stall of the claim.
func TestOutsiderClaimRenewedByReconnectingStillNamed(t *testing.T) {
	const victim, cheater = 0, 2
	rm := newRoomWith(t, roomOptions{players: 3, drop: silence(cheater, msgSync)})
	rm.playUntil(func() bool { return rm.reps[0].Game().State().Actor() == victim })
	n := rm.reps[victim].Ledger().Len()
	v := rm.reps[victim]
	from := peerName(cheater)
	rm.inject(cheater, victim, rm.helloOn(cheater, from, peerName(victim), n+3))
	if !v.Behind() {
		t.Fatal("the claim was not even a cue to fetch")
	}
	rm.fire(victim, TimerFetch)
	for round := 1; round <= 3; round++ {
		// "25 s" later: the connection closes and another opens, with the claim again.
		v.tClose(from)
		from = fmt.Sprintf("peerc%d", round)
		v.tOpen(from)
		v.tReceive(from, encode(rm.helloOn(cheater, from, peerName(victim), n+3)))
		rm.flush()
		rm.fire(victim, TimerFetch)
		// "30 s" after the previous claim.
		rm.fireOldest(victim, TimerStall)
		if !v.Behind() || rm.noticed(victim, "Player 3's device") {
			return
		}
	}
	t.Fatalf("after 3 reconnections, %d s of claims never made good, the victim still waits and nobody is named: notices %q, stalls %+v",
		25*3+30, lastOf(rm.notices[victim]), v.Stalls())
}

// reload restarts device v from the moves it stored and brings it back into the room,
// connected to the devices listed only (the others' connections to it are closed).
func (rm *room) reload(v int, to ...int) *Replica {
	rm.t.Helper()
	var r *Replica
	var err error
	if old := rm.reps[v]; old.DealState() != nil {
		var saved DealSaved
		b, _ := json.Marshal(old.DealState())
		if err := json.Unmarshal(b, &saved); err != nil {
			rm.t.Fatal(err)
		}
		r, err = ResumeDealt(rm.tb.ids[v], rm.tb.g, old.Ledger().Moves(), saved, DefaultTiming, newKeySource(v))
	} else {
		r, err = NewReplica(rm.tb.ids[v], rm.tb.g, old.Ledger().Moves(), old.Ledger().Undos(), DefaultTiming, nil)
	}
	if err != nil {
		rm.t.Fatal(err)
	}
	rm.reps[v] = r
	for j := range rm.reps {
		if j != v {
			rm.reps[j].tClose(peerName(v))
		}
	}
	r.tEnter(peerName(v))
	for _, j := range to {
		r.tOpen(peerName(j))
		rm.reps[j].tOpen(peerName(v))
	}
	return r
}

// Attack: a relayed seat-bot claim on the victim's own seat. The attacker tells the victim that
// another device (runner) runs a bot on the victim's seat, once while the victim is caught up and
// once just after it reloaded, with the named runner right there saying nothing of the kind.
// Guarantee 4, "A device never accepts a bot on its own seat", and the package doc: a relayed
// one "is only a cue, on this device's own seat, to wait for the hand-back while catching up":
// the victim keeps (or gets back) its seat, and does not wait for a hand-back forever.
func TestOutsiderRelayedSeatBotClaimOnTheVictimsOwnSeat(t *testing.T) {
	const victim, runner, cheater = 0, 1, 2
	rm := newRoom(t, 3)
	rm.playUntil(func() bool { return rm.reps[0].Game().State().Actor() == victim })
	run := runner
	claim := message{Type: msgSeatBot, Seat: victim, Level: "hard", Runner: &run}
	rm.inject(cheater, victim, claim)
	if !rm.reps[victim].LocalSeat(victim) || rm.reps[victim].BotLevel(victim) != "" {
		t.Fatalf("a caught-up victim lost its seat to a relayed claim: bot %q", rm.reps[victim].BotLevel(victim))
	}
	// Just after a reload: the attacker greets first and relays the claim; then the runner greets.
	v := rm.reload(victim, cheater)
	v.tReceive(peerName(cheater), encode(message{Type: msgSeatBot, Game: rm.tb.g.Game, Seat: victim, Level: "hard", Runner: &run}))
	rm.flush()
	v.tOpen(peerName(runner))
	rm.reps[runner].tOpen(peerName(victim))
	rm.flush()
	for _, k := range []TimerKind{TimerFetch, TimerGrace, TimerStall, TimerEnd} {
		rm.fire(victim, k)
	}
	if !v.LocalSeat(victim) {
		t.Fatalf("after a reload the victim waits for a hand-back from a bot nobody runs, with the runner here and every timer run: "+
			"bot %q, stalls %+v, notices %q", v.BotLevel(victim), v.Stalls(), lastOf(rm.notices[victim]))
	}
	rm.play()
	rm.sameEverywhere()
}

// Attack: a seat bot kept after its player is back. The attacker claims a bot for a player that
// one honest device sees away for a moment (quiet), and goes on making the bot's moves after the
// player is heard again, never handing back. Guarantee 4: "a device that sees the player back and
// gets no hand-back within Timing.Grace refuses the bot's further moves", and the victim's own
// device never takes them.
func TestOutsiderSeatBotNotHandedBackIsRefusedAfterGrace(t *testing.T) {
	const victim, other, cheater = 0, 1, 2
	rm := newRoom(t, 3)
	rm.playUntil(func() bool { return rm.reps[0].Game().State().Actor() == victim })
	n := rm.reps[other].Ledger().Len()
	rm.reps[other].tQuiet(peerName(victim))
	rm.inject(cheater, other, message{Type: msgSeatBot, Seat: victim, Level: "easy"})
	if rm.reps[other].BotLevel(victim) == "" {
		t.Log("the other device did not take the bot claim at all (stricter than the doc)")
	}
	rm.reps[other].tHeard(peerName(victim))
	rm.flush()
	rm.fire(other, TimerGrace)
	m := rm.reps[other].Game().LegalMoves()[0]
	forged := rm.tb.ids[cheater].SignMove(rm.tb.g.Game, rm.reps[other].Ledger().Next(), m, true)
	for _, to := range []int{victim, other} {
		rm.inject(cheater, to, message{Type: msgMove, Move: &forged, Hash: "0000000000000000"})
		if rm.reps[to].Ledger().Len() != n {
			t.Fatalf("device %d took a bot's move for a player back for longer than Timing.Grace", to)
		}
	}
	if !rm.reps[victim].LocalSeat(victim) {
		t.Fatal("the victim lost its seat")
	}
	rm.play()
	rm.sameEverywhere()
}

// Attack: bot moves for a device that comes back to the room. The victim's connection to the
// room drops and comes back (the same device, not reloaded); the attacker, which had been in
// sync with it a moment before, greets it first with a hello claiming one move more, and sends a
// bot's move for the victim's seat as that "history". docs/online.md, what it does not
// guarantee: a device that was out of the room, even for a moment, cannot tell when a bot's move
// for its seat was signed; it takes it as history and tells its player whose bot played; the
// devices that saw the player here refuse it, so the game parts there, named, and nothing any
// device accepted is rewritten. (The outsider first read an earlier sentence of the doc that
// promised a refusal; the doc now says what holds.)
func TestOutsiderComingBackTakesBotMovesAsHistoryAndSaysWhose(t *testing.T) {
	const victim, other, cheater = 0, 1, 2
	rm := newRoom(t, 3)
	rm.playUntil(func() bool { return rm.reps[0].Game().State().Actor() == victim })
	v := rm.reps[victim]
	n := v.Ledger().Len()
	v.tLeft()
	for _, j := range []int{other, cheater} {
		rm.reps[j].tClose(peerName(victim))
	}
	rm.flush()
	// Back in the room: the attacker's first hello on the new connection carries the claim.
	rm.drop = silence(cheater, msgHello)
	v.tEnter(peerName(victim))
	v.tOpen(peerName(cheater))
	rm.reps[cheater].tOpen(peerName(victim))
	v.tReceive(peerName(cheater), encode(rm.helloOn(cheater, peerName(cheater), peerName(victim), n+1)))
	m := v.Game().LegalMoves()[0]
	forged := rm.tb.ids[cheater].SignMove(rm.tb.g.Game, v.Ledger().Next(), m, true)
	v.tReceive(peerName(cheater), encode(message{Type: msgSync, Game: rm.tb.g.Game, At: n, Moves: []Signed{forged}}))
	rm.flush()
	rm.drop = nil
	if v.Ledger().Len() == n+1 && !rm.noticed(victim, "A bot on Player 3's device played for you while you were away") {
		t.Fatalf("the victim took a bot's move for its seat without telling whose: %q", lastOf(rm.notices[victim]))
	}
	// The device that saw the victim here all along refuses it.
	rm.reps[other].tReceive(peerName(cheater), encode(message{Type: msgMove, Game: rm.tb.g.Game, Move: &forged, Hash: "0000000000000000"}))
	rm.flush()
	if rm.reps[other].Ledger().Len() != n || !rm.noticed(other, "this device did not accept that bot") {
		t.Fatalf("a device that saw the player here took the bot's move: %q", lastOf(rm.notices[other]))
	}
}

// hashAfter is the state hash after signed move s on device i's record (the hash a move message
// carries), worked out on a copy.
func (rm *room) hashAfter(i int, s Signed) string {
	rm.t.Helper()
	l, err := VerifyRecord(rm.tb.g, rm.reps[i].Ledger().Moves(), rm.reps[i].Ledger().Undos(), AnyRunner)
	if err != nil {
		rm.t.Fatal(err)
	}
	if err := l.Append(s, AnyRunner); err != nil {
		rm.t.Fatal(err)
	}
	return hashString(l.HashAfter(l.Len() - 1))
}

// agreeOrBlame checks that honest devices a and b hold one record, or that both stopped naming
// the device that set them apart.
func (rm *room) agreeOrBlame(a, b int, blame string) {
	rm.t.Helper()
	la, lb := rm.reps[a].Ledger(), rm.reps[b].Ledger()
	if la.Len() == lb.Len() && la.tip() == lb.tip() {
		return
	}
	sa, sb := rm.reps[a].Stopped(), rm.reps[b].Stopped()
	if strings.Contains(sa, blame) && strings.Contains(sb, blame) {
		return
	}
	rm.t.Fatalf("honest devices %d and %d hold different records (%d and %d moves) and do not both name %s:\n"+
		"device %d: stopped %q, disagreement %q, notices %q\ndevice %d: stopped %q, disagreement %q, notices %q",
		a, b, la.Len(), lb.Len(), blame, a, sa, rm.reps[a].Disagreement(), lastOf(rm.notices[a]), b, sb, rm.reps[b].Disagreement(), lastOf(rm.notices[b]))
}

// Attack: an undo and a move on top of the move it takes back. The attacker asks to take its
// move back mid-turn, collects every other player's signed yes, keeps the finished proof, signs
// its next move on top of the move the proof takes back, and sends the move to one honest device
// and the proof to the other; then it plays the reopened index again. Guarantees 2 and 3 ("No
// rewritten history", "Cheating is proved, not suspected"): the honest devices end with one
// record, or both stop naming the attacker; they do not end up accusing each other.
func TestOutsiderUndoProofAndAMoveOnTheUndoneMove(t *testing.T) {
	const a, b, cheater = 0, 1, 2
	var proof *UndoProof
	rm := newRoom(t, 3)
	rm.playUntil(func() bool {
		l := rm.reps[a].Ledger()
		n := l.Len()
		return n > 0 && l.At(n-1).Seat() == cheater && rm.reps[cheater].CanUndo()
	})
	rm.drop = func(from, _ int, data []byte) bool {
		if from != cheater || msgType(data) != msgUndo {
			return false
		}
		var m message
		_ = json.Unmarshal(data, &m)
		proof = m.Undo
		return true
	}
	if err := rm.reps[cheater].AskUndo(); err != nil {
		t.Fatal(err)
	}
	rm.flush()
	for _, i := range []int{a, b} {
		if rm.reps[i].UndoAsked() != cheater {
			t.Fatalf("device %d was not asked", i)
		}
		rm.reps[i].AnswerUndo(true)
	}
	rm.flush()
	if proof == nil {
		t.Fatal("the attacker's device made no proof")
	}
	// The next move of the attacker's turn, on top of the move the proof takes back.
	next := rm.tb.ids[cheater].SignMove(rm.tb.g.Game, rm.reps[a].Ledger().Next(), rm.reps[a].Game().LegalMoves()[0], false)
	rm.reps[a].tReceive(peerName(cheater), encode(message{Type: msgMove, Game: rm.tb.g.Game, Move: &next, Hash: rm.hashAfter(a, next)}))
	rm.reps[b].tReceive(peerName(cheater), encode(message{Type: msgUndo, Game: rm.tb.g.Game, Undo: proof}))
	rm.flush()
	rm.drop = nil
	// Then it plays the reopened index again, at the next take, on the record the proof left.
	if rm.reps[b].Ledger().Next().Take != 1 {
		t.Fatalf("device %d did not take the proof: %q", b, lastOf(rm.notices[b]))
	}
	again := rm.tb.ids[cheater].SignMove(rm.tb.g.Game, rm.reps[b].Ledger().Next(), rm.reps[b].Game().LegalMoves()[0], false)
	for _, to := range []int{b, a} {
		rm.inject(cheater, to, message{Type: msgMove, Move: &again, Hash: rm.hashAfter(b, again)})
	}
	for _, i := range []int{a, b} {
		rm.fire(i, TimerFetch)
	}
	rm.agreeOrBlame(a, b, "Player 3")
}

// agreedUndo has the player to act take back their last move with everyone's yes, and returns
// the move taken back and the proof.
func (rm *room) agreedUndo() (Signed, UndoProof, int) {
	rm.t.Helper()
	var seat int
	for {
		rm.play()
		seat = rm.reps[0].Game().State().Actor()
		if rm.reps[seat].CanUndo() {
			break
		}
	}
	l := rm.reps[0].Ledger()
	old := l.At(l.Len() - 1)
	if err := rm.reps[seat].AskUndo(); err != nil {
		rm.t.Fatal(err)
	}
	rm.flush()
	for i, r := range rm.reps {
		if i != seat {
			r.AnswerUndo(true)
		}
	}
	rm.flush()
	undos := rm.reps[0].Ledger().Undos()
	if len(undos) != 1 {
		rm.t.Fatalf("%d undos after an agreed undo", len(undos))
	}
	return old, undos[0], seat
}

// Attack: an agreed undo's proof replayed. After a move was taken back by agreement and made
// again at the next take, the attacker sends the old proof again, live and in a catch-up, at
// once and later in the game. Guarantee 5: "The index then reopens at the next take, so the old
// move cannot be replayed into it": the proof takes nothing else back.
func TestOutsiderOldUndoProofReplayedTakesNothingBack(t *testing.T) {
	const cheater = 2
	rm := newRoom(t, 3)
	_, p, _ := rm.agreedUndo()
	rm.play() // made again, at take 1
	for round := 0; round < 2; round++ {
		lens := []int{rm.reps[0].Ledger().Len(), rm.reps[1].Ledger().Len()}
		for _, to := range []int{0, 1} {
			rm.inject(cheater, to, message{Type: msgUndo, Undo: &p})
			rm.inject(cheater, to, message{Type: msgSync, At: p.At, Undos: []UndoProof{p}})
			if got := rm.reps[to].Ledger().Len(); got != lens[to] || len(rm.reps[to].Ledger().Undos()) != 1 {
				t.Fatalf("round %d: a replayed proof changed device %d: %d moves (was %d), %d undos", round, to, got, lens[to], len(rm.reps[to].Ledger().Undos()))
			}
		}
		rm.sameEverywhere()
		for i := 0; i < 4; i++ {
			rm.play()
		}
	}
}

// Attack: false accusations of cheating. The attacker sends "proofs" that an honest player
// signed two moves for one slot: the same move twice, the player's move beside one the attacker
// signed for that slot, and the player's move taken back by agreement beside the one made again
// at the next take. Guarantee 3 and the package doc: "cheat: the proof is checked; a false one is
// named as a false accusation": the game goes on and nobody honest is named a cheat.
func TestOutsiderFalseCheatProofsDoNotStopTheGame(t *testing.T) {
	const cheater = 2
	rm := newRoom(t, 3)
	old, _, seat := rm.agreedUndo()
	rm.play()
	l := rm.reps[0].Ledger()
	remade := l.At(old.Index)
	if remade.Seat() != seat || remade.Take != 1 {
		t.Fatalf("the index was made again by seat %d at take %d", remade.Seat(), remade.Take)
	}
	if seat == cheater {
		t.Skip("the undo was the attacker's own")
	}
	mine := rm.tb.ids[cheater].SignMove(rm.tb.g.Game, Position{Index: remade.Index, Take: remade.Take, Prev: remade.Prev, Before: remade.Before}, remade.Move, false)
	for name, e := range map[string]Equivocation{
		"the same move twice":            {A: remade, B: remade},
		"beside the attacker's own":      {A: remade, B: mine},
		"a move undone and made again":   {A: old, B: remade},
		"a move made again and undone":   {A: remade, B: old},
		"the same move, the other order": {A: mine, B: remade},
	} {
		for _, to := range []int{0, 1} {
			rm.inject(cheater, to, message{Type: msgCheat, Proof: &e})
			if s := rm.reps[to].Stopped(); s != "" {
				t.Fatalf("%s: device %d stopped on a false proof: %q", name, to, s)
			}
		}
	}
	for i := 0; i < 3; i++ {
		rm.play()
	}
	rm.sameEverywhere()
}

// Attack: an equivocation where one honest device sees neither move. In a four-player game the
// attacker signs two moves for its slot and sends one to each of two devices, nothing to the
// third. Guarantee 3: "the device that sees both stops the game, sends the proof to every
// device, each checks it, and the player is named": the third stops too, naming the attacker.
func TestOutsiderEquivocationReachesTheDeviceThatSawNeither(t *testing.T) {
	const cheater = 3
	rm := newRoomWith(t, roomOptions{players: 4})
	rm.playUntil(func() bool {
		return rm.reps[0].Game().State().Actor() == cheater && len(rm.reps[0].Game().LegalMoves()) > 1
	})
	rm.away[cheater] = true // its own device says nothing more
	at := rm.reps[0].Ledger().Next()
	moves := rm.reps[0].Game().LegalMoves()
	x := rm.tb.ids[cheater].SignMove(rm.tb.g.Game, at, moves[0], false)
	y := rm.tb.ids[cheater].SignMove(rm.tb.g.Game, at, moves[1], false)
	rm.reps[0].tReceive(peerName(cheater), encode(message{Type: msgMove, Game: rm.tb.g.Game, Move: &x, Hash: rm.hashAfter(0, x)}))
	rm.reps[1].tReceive(peerName(cheater), encode(message{Type: msgMove, Game: rm.tb.g.Game, Move: &y, Hash: rm.hashAfter(1, y)}))
	rm.flush()
	for _, i := range []int{0, 1, 2} {
		rm.fire(i, TimerFetch)
	}
	for _, i := range []int{0, 1, 2} {
		if s := rm.reps[i].Stopped(); !strings.Contains(s, "Player 4") || !strings.Contains(s, "two different moves") {
			t.Fatalf("device %d did not stop naming the attacker: %q / %q", i, s, lastOf(rm.notices[i]))
		}
	}
}

// endingBy is an ending signed by signer's key.
func (rm *room) endingBy(signer int, e Ending) Ending {
	e.Game = rm.tb.g.Game
	e.Sig = rm.tb.ids[signer].sign(e.content())
	return e
}

// Attack: an ending in another's name, and an ending that names a present player. The attacker
// signs an ending "by" an honest player, one naming itself or no such seat as having held the
// game up, and then a valid ending of its own that names a present, honest player as the
// staller. Guarantee 8 and the package doc: an ending is "signed by that player"; "what it says
// of the devices that held the game up is the ender's word, and this device says whether it saw
// the same": the forged ones change nothing, the valid one stops the game, and the honest device
// says it did not see that player hold the game up.
func TestOutsiderEndingsInAnothersNameOrNamingAPresentPlayer(t *testing.T) {
	const framed, witness, cheater = 0, 1, 2
	rm := newRoom(t, 3)
	for i := 0; i < 5; i++ {
		rm.play()
	}
	n := rm.reps[witness].Ledger().Len()
	for name, e := range map[string]Ending{
		"by an honest player":  rm.endingBy(cheater, Ending{At: n, By: framed, Stalled: []int{witness}, Reason: "its moves"}),
		"naming its own ender": rm.endingBy(cheater, Ending{At: n, By: cheater, Stalled: []int{cheater}, Reason: "its moves"}),
		"naming no such seat":  rm.endingBy(cheater, Ending{At: n, By: cheater, Stalled: []int{7}, Reason: "its moves"}),
		"for another game": func() Ending {
			e := rm.endingBy(cheater, Ending{At: n, By: cheater, Stalled: []int{framed}})
			e.Game = "g-other"
			return e
		}(),
		"changed after signing": func() Ending {
			e := rm.endingBy(cheater, Ending{At: n, By: cheater, Stalled: []int{framed}})
			e.Stalled = []int{witness}
			return e
		}(),
	} {
		rm.inject(cheater, witness, message{Type: msgEnd, End: &e})
		if rm.reps[witness].Stopped() != "" || rm.reps[witness].Ended() != nil {
			t.Fatalf("%s: an invalid ending stopped the game: %q", name, rm.reps[witness].Stopped())
		}
	}
	e := rm.endingBy(cheater, Ending{At: n, By: cheater, Stalled: []int{framed}, Reason: "its key for a card dealt to another player"})
	rm.inject(cheater, witness, message{Type: msgEnd, End: &e})
	if rm.reps[witness].Ended() == nil {
		t.Fatal("a valid ending did not stop the game")
	}
	if !rm.noticed(witness, "did not see") {
		t.Fatalf("the witness does not say it did not see Player 1 hold the game up: stopped %q, notices %q",
			rm.reps[witness].Stopped(), lastOf(rm.notices[witness]))
	}
}

// Attack: a false "refused" about another player. The attacker sends the victim "refused"
// messages about a move the victim never made, and about the victim's own move, whose reason
// is a false sentence about a third player. Guarantee 6 ("a consent, a waiting or an accusation
// a peer states is at most a cue") and the package doc ("refused: shown to this player, naming
// the sender"): whatever is shown is shown as the attacker's word, and nothing says the victim's
// move was refused when it was another's.
func TestOutsiderRefusedIsOnlyTheSendersWord(t *testing.T) {
	const victim, third, cheater = 0, 1, 2
	rm := newRoom(t, 3)
	rm.playUntil(func() bool {
		l := rm.reps[0].Ledger()
		return l.Len() > 1 && l.At(l.Len()-1).Seat() == third
	})
	l := rm.reps[victim].Ledger()
	notVictims := l.Len() - 1
	lie := "Player 2 signed two different moves for move 3"
	before := len(rm.notices[victim])
	rm.inject(cheater, victim, message{Type: msgRefused, At: notVictims, Reason: lie, Kind: RefuseSignature})
	for _, s := range rm.notices[victim][before:] {
		if !strings.Contains(s, "Player 3") {
			t.Fatalf("a refusal is shown without naming its sender: %q", s)
		}
		if strings.Contains(s, "your move") {
			t.Fatalf("the victim is told its move was refused, for a move another player made: %q", s)
		}
	}
	if rm.reps[victim].Stopped() != "" || rm.reps[victim].Disagreement() != "" {
		t.Fatalf("a refusal changed the game: %q %q", rm.reps[victim].Stopped(), rm.reps[victim].Disagreement())
	}
}

// flushTo is lobbyNet's flush with exact routing: messages to a peer id that is none of the
// devices' (a connection the attacker opened itself) go to the attacker's script in got.
func (n *lobbyNet) flushTo(got map[string][]message) {
	n.t.Helper()
	for round := 0; round < 1000; round++ {
		var out []packet
		for i, l := range n.lobbies {
			rd := l.Ready()
			l.Advance()
			for _, no := range rd.Notices {
				n.notices[i] = append(n.notices[i], no.Text)
			}
			n.timers[i] = append(n.timers[i], rd.Timers...)
			if rd.Begin != nil {
				n.begins[i] = rd.Begin
			}
			for _, m := range rd.Messages {
				var msg message
				_ = json.Unmarshal(m.Data, &msg)
				j := -1
				for k := range n.lobbies {
					if m.To == peerName(k) {
						j = k
					}
				}
				switch {
				case j < 0:
					got[m.To] = append(got[m.To], msg)
				case n.drop == nil || !n.drop(i, j, msg):
					out = append(out, packet{i, j, m.Data})
				}
			}
		}
		if len(out) == 0 {
			return
		}
		for _, p := range out {
			n.lobbies[p.to].Step(Event{Kind: Message, Peer: peerName(p.from), Data: p.data})
		}
	}
	n.t.Fatal("the room never went quiet")
}

// checkBegins checks what the honest devices of a lobby began: every one that began holds the
// same genesis, in which each honest player's seat has that player's own key.
func (n *lobbyNet) checkBegins(honest ...int) {
	n.t.Helper()
	var first *Begin
	for _, i := range honest {
		b := n.begins[i]
		if b == nil {
			continue
		}
		if first == nil {
			first = b
		} else if b.Genesis.Link() != first.Genesis.Link() {
			n.t.Fatalf("honest devices began different games")
		}
	}
	if first == nil {
		return
	}
	for _, i := range honest {
		me := n.lobbies[i].Me().Player
		seat := -1
		for s, p := range first.Players {
			if p == me {
				seat = s
			}
		}
		if seat < 0 {
			n.t.Fatalf("%s has no seat in the game", me)
		}
		if n.begins[i] == nil || first.Genesis.Keys[seat] != n.begins[i].Identity.Public() {
			n.t.Fatalf("the game began (on device %d) with %s's seat bound to a key that is not %s's device's (that device began: %v; its notices %q)",
				slicesIndex(n.begins, first), me, me, n.begins[i] != nil, n.notices[i])
		}
	}
}

func slicesIndex(bs []*Begin, b *Begin) int {
	for i, x := range bs {
		if x == b {
			return i
		}
	}
	return -1
}

// Attack: taking a guest's seat in the lobby. The attacker (seated as playerc) opens a second
// connection to the host and says hello as playerb, another guest, whose player id the host's
// list of seats shows everyone; then, on that connection, it commits a key of its own for
// playerb's seat, reveals, and echoes the host's initial state. docs/online.md: "every seat's key
// is fixed before anyone knows the seed", "the game begins when every device reports the same
// initial state"; guarantee 4: "Seats belong to their players": no honest device begins a game
// in which playerb's seat is bound to a key that is not playerb's device's.
func TestOutsiderLobbySecondConnectionTakesAGuestsSeat(t *testing.T) {
	const host, victim, attacker = 0, 1, 2
	n := newLobbyNet(t, 3)
	got := map[string][]message{}
	h := n.lobbies[host]
	h.Step(Event{Kind: Opened, Peer: "peerxc"})
	h.Step(Event{Kind: Message, Peer: "peerxc", Data: encode(message{Type: msgHello, Version: Version, Player: n.player(1), Name: "PB", Colour: "Gold", Greeted: true})})
	n.flushTo(got)
	// The attacker's own device (playerc) colludes: it hears playerb only from the script.
	n.drop = func(from, to int, m message) bool {
		return from == victim && to == attacker || from == attacker && to == victim
	}
	if err := h.Start("g1"); err != nil {
		t.Fatal(err)
	}
	n.flushTo(got)
	stolen, _ := NewIdentity(seededReader{rand.NewChaCha8([32]byte{7})})
	secret := strings.Repeat("5a", 32)
	commit := message{Type: msgCommit, Game: "g1", Player: n.player(1), Key: stolen.Public(), Commit: commitment("g1", n.player(1), stolen.Public(), "", secret)}
	reveal := message{Type: msgReveal, Game: "g1", Player: n.player(1), Secret: secret}
	say := func(m message) {
		h.Step(Event{Kind: Message, Peer: "peerxc", Data: encode(m)})
		n.lobbies[attacker].Step(Event{Kind: Message, Peer: peerName(victim), Data: encode(m)})
		n.flushTo(got)
	}
	say(commit)
	say(reveal)
	for _, m := range got["peerxc"] {
		if m.Type == msgSeeded {
			say(message{Type: msgSeeded, Game: "g1", Player: n.player(1), Hash: m.Hash})
			break
		}
	}
	for _, i := range []int{host, victim} {
		for _, s := range n.notices[i] {
			if strings.Contains(s, "PB") && (strings.Contains(s, "does not match") || strings.Contains(s, "second")) {
				t.Errorf("device %d accuses the honest PB: %q", i, s)
			}
		}
	}
	t.Logf("the victim's lobby: phase %d, state of the host %v; the host's start went to %d message(s) on the attacker's connection",
		n.lobbies[victim].Phase(), n.lobbies[victim].State(n.player(0)), countType(got["peerxc"], msgStart))
	n.checkBegins(host, victim)
}

func countType(ms []message, t string) int {
	k := 0
	for _, m := range ms {
		if m.Type == t {
			k++
		}
	}
	return k
}

// Attack: switching player ids on one connection. In the lobby the attacker says hello as another
// guest (playerb), then as itself again. docs/online.md: the host seats players "as their hellos
// come", the newest connection of a player id counting; a player id is only its sender's claim:
// playerb, connected all along on its own connection, is still connected and seated, and the host
// can start.
func TestOutsiderLobbyHelloSwitchingIDsDoesNotUnseatAGuest(t *testing.T) {
	const host, attacker = 0, 2
	n := newLobbyNet(t, 3)
	h := n.lobbies[host]
	n.inject(attacker, host, message{Type: msgHello, Version: Version, Player: n.player(1), Name: "PB", Colour: "Gold", Greeted: true})
	n.inject(attacker, host, message{Type: msgHello, Version: Version, Player: n.player(2), Name: "PC", Colour: "Purple", Greeted: true})
	if h.State(n.player(1)) != PeerConnected || h.State(n.player(2)) != PeerConnected || !h.CanStart() {
		t.Fatalf("after the attacker said hello as playerb and then as itself, the host sees playerb %v, playerc %v, can start: %v",
			h.State(n.player(1)), h.State(n.player(2)), h.CanStart())
	}
}

// Attack: filling the lobby's early messages. While an honest device still draws the seed, the
// attacker sends it a hundred of the game's messages (acknowledgements), first under its own
// player id and then under others' (a player id in the lobby is only its sender's claim); then
// the host, which began first, greets it with its game hello. Guarantee 7: "the lobby's early
// messages (sixteen a player)": the game the honest device begins holds at most sixteen of the
// attacker's, and still holds the host's hello.
func TestOutsiderLobbyEarlyMessagesBoundedPerPlayer(t *testing.T) {
	const host, victim, attacker = 0, 1, 2
	n := newLobbyNet(t, 3)
	h := n.lobbies[host]
	if err := h.Start("g1"); err != nil {
		t.Fatal(err)
	}
	// The attacker's initial state reaches the victim last, so that the host begins first.
	var held []byte
	n.drop = func(from, to int, m message) bool {
		if from == attacker && to == victim && m.Type == msgSeeded {
			held = encode(m)
			return true
		}
		return false
	}
	n.flush()
	v := n.lobbies[victim]
	if n.begins[host] == nil || v.Phase() != Drawing || held == nil {
		t.Fatalf("the host did not begin before the victim (%v, %d)", n.begins[host] != nil, v.Phase())
	}
	send := func(m message) { v.Step(Event{Kind: Message, Peer: peerName(attacker), Data: encode(m)}) }
	link := Link{3}
	for _, as := range []string{n.player(2), "p1", "p2", "p3", n.player(2)} {
		send(message{Type: msgHello, Version: Version, Player: as, Name: "PC", Colour: "Purple", Greeted: true})
		for j := 0; j < 20; j++ {
			send(message{Type: msgAck, Game: "g1", At: j, Hash: "0123456789abcdef", Link: &link})
		}
	}
	// The host's game greets the victim.
	id := n.begins[host].Identity
	hello := message{Type: msgHello, Version: Version, Game: "g1", Key: id.Public()}
	hello.Sig = id.sign(helloContent("g1", hello.Key, peerName(host), peerName(victim), 0, 0, "", nil))
	v.Step(Event{Kind: Message, Peer: peerName(host), Data: encode(hello)})
	v.Step(Event{Kind: Message, Peer: peerName(attacker), Data: held})
	n.drop = nil
	n.flush()
	b := n.begins[victim]
	if b == nil {
		t.Fatalf("the victim did not begin (%d: %q)", v.Phase(), lastOf(n.notices[victim]))
	}
	per := map[string]int{}
	for _, e := range b.Early {
		per[e.Peer]++
	}
	if per[peerName(attacker)] > 16 || per[peerName(host)] == 0 {
		t.Fatalf("the victim's game begins with %d early messages from the attacker's one connection (sixteen a player allowed) and %d from the host",
			per[peerName(attacker)], per[peerName(host)])
	}
}

// Attack: two commitments. In the seed draw the attacker sends one commitment to the host and
// another (same key, another secret) to the other guest, waits for both honest secrets, then
// reveals to each the secret that matches what it committed to there. docs/online.md: "the seed
// is random if any one player's secret is", "the game begins when every device reports the same
// initial state": the honest devices never begin different games (nor, in this case, any); and
// (guarantee 6, nothing said of a player on a peer's mere claim) no honest device blames the other
// honest player for what the attacker did.
func TestOutsiderLobbyTwoCommitmentsSplitNothingAndBlameNoHonestPlayer(t *testing.T) {
	const host, victim, attacker = 0, 1, 2
	n := newLobbyNet(t, 3)
	var commit *message
	n.drop = func(from, to int, m message) bool {
		if from != attacker || to != victim {
			return false
		}
		switch m.Type {
		case msgCommit:
			commit = &m
			return true
		case msgReveal:
			return true
		}
		return false
	}
	if err := n.lobbies[host].Start("g1"); err != nil {
		t.Fatal(err)
	}
	n.flush()
	if commit == nil || n.lobbies[victim].Phase() != Drawing {
		t.Fatalf("the attacker did not commit (%v), or the victim is not drawing", commit != nil)
	}
	other := strings.Repeat("3c", 32)
	two := *commit
	two.Commit = commitment("g1", n.player(2), commit.Key, commit.Box, other)
	n.inject(attacker, victim, two)
	n.inject(attacker, victim, message{Type: msgReveal, Game: "g1", Player: n.player(2), Secret: other})
	n.drop = nil
	n.flush()
	n.checkBegins(host, victim)
	if n.begins[host] != nil && n.begins[victim] != nil {
		t.Fatal("both honest devices began on commitments that differ between them")
	}
	for i, other := range map[int]string{host: "PB", victim: "PA"} {
		if f := n.lobbies[i].Failure(); strings.Contains(f, other) {
			t.Errorf("device %d blames the honest %s for the attacker's two commitments: %q", i, other, f)
		}
	}
}

// Attack: a commitment, secret and initial state sent in another player's name. The attacker
// sends the host and the other guest a commitment (with its own key) and then a secret for
// playerb, before and after playerb's own. The package doc: "commit, reveal, seeded: only for
// the sender's own player id": the draw goes on, every honest seat keeps its own key, and no
// honest player is named for a second commitment or a secret that does not match.
func TestOutsiderLobbyCommitInAnotherPlayersName(t *testing.T) {
	const host, victim, attacker = 0, 1, 2
	n := newLobbyNet(t, 3)
	if err := n.lobbies[host].Start("g1"); err != nil {
		t.Fatal(err)
	}
	evil, _ := NewIdentity(seededReader{rand.NewChaCha8([32]byte{8})})
	secret := strings.Repeat("7e", 32)
	forged := []message{
		{Type: msgCommit, Game: "g1", Player: n.player(1), Key: evil.Public(), Commit: commitment("g1", n.player(1), evil.Public(), "", secret)},
		{Type: msgReveal, Game: "g1", Player: n.player(1), Secret: secret},
		{Type: msgSeeded, Game: "g1", Player: n.player(1), Hash: "0123456789abcdef"},
	}
	// Before playerb's own (the start has reached nobody yet but the host)...
	for _, m := range forged[:1] {
		n.lobbies[host].Step(Event{Kind: Message, Peer: peerName(attacker), Data: encode(m)})
	}
	n.flush()
	// ... and after.
	for _, m := range forged {
		for _, to := range []int{host, victim} {
			n.lobbies[to].Step(Event{Kind: Message, Peer: peerName(attacker), Data: encode(m)})
		}
	}
	n.flush()
	for _, i := range []int{host, victim} {
		for _, s := range n.notices[i] {
			if strings.Contains(s, "PB") {
				t.Errorf("device %d names the honest PB: %q", i, s)
			}
		}
		if n.begins[i] == nil {
			t.Errorf("device %d did not begin: %q", i, n.lobbies[i].Failure())
		}
	}
	n.checkBegins(host, victim)
}

// signDeals wraps a seat's dealer messages as its signed deal messages, numbered from seq.
func (rm *room) signDeals(seat, seq, moves int, msgs []dealer.Msg) []SignedDeal {
	var out []SignedDeal
	for k, m := range msgs {
		sd := SignedDeal{Game: rm.tb.g.Game, Seat: seat, Seq: seq + k, Moves: moves, Msg: m}
		sd.Sig = rm.tb.ids[seat].sign(sd.content())
		out = append(out, sd)
	}
	return out
}

// Attack: audit keys to one device, mid-game. In a dealt game the attacker publishes every key
// it holds (its audit keys), properly signed and numbered, to one honest device only, in the
// middle of the game. docs/dealing.md and the package doc: "no honest device ever holds another
// player's card, the deck's order, a face-down card or a Distant Market tile not turned over";
// and the honest devices do not part (both stop, or neither): no honest device that plays on can
// open a card it may not see.
func TestOutsiderDealtAuditKeysToOneDeviceMidGame(t *testing.T) {
	const a, b, cheater = 0, 1, 2
	rm := newRoomOf(t, 3, true)
	for i := 0; i < 6; i++ {
		rm.play()
	}
	c := dealtOf(rm.reps[cheater])
	if err := c.dealer.AuditKeys(); err != nil {
		t.Fatal(err)
	}
	msgs := c.dealer.Outbox()
	seq := dealtOf(rm.reps[a]).count[cheater]
	rm.away[cheater] = true // the attacker's own device goes quiet
	rm.inject(cheater, a, message{Type: msgDeal, Deals: rm.signDeals(cheater, seq, rm.reps[a].Ledger().Len(), msgs)})
	for _, i := range []int{a, b} {
		rm.fire(i, TimerFetch)
	}
	for _, i := range []int{a, b} {
		r := rm.reps[i]
		if r.Stopped() == "" && r.Ended() == nil && r.Unentitled() != 0 {
			t.Fatalf("device %d plays on and can open %d positions it may not see", i, r.Unentitled())
		}
	}
	if (rm.reps[a].Stopped() == "") != (rm.reps[b].Stopped() == "") {
		t.Fatalf("the honest devices parted: %q / %q", rm.reps[a].Stopped(), rm.reps[b].Stopped())
	}
}

// Attack: an undo in a dealt game with every signature. The attacker asks to take its move back
// (its device refuses to ask, so it sends the request itself), and then sends an undo proof that
// carries its maker's request and every other player's signed yes (as players pressing yes on a
// screen would give). Package doc: in a dealt game "no move is taken back": nobody is asked, and
// no proof, however complete, takes a move back.
func TestOutsiderDealtGameTakesNoMoveBack(t *testing.T) {
	const cheater = 2
	rm := newRoomOf(t, 3, true)
	rm.playUntil(func() bool {
		l := rm.reps[0].Ledger()
		return l.Len() > 0 && l.At(l.Len()-1).Seat() == cheater
	})
	if rm.reps[cheater].AskUndo() == nil {
		t.Fatal("a dealt game let its player ask to take a move back")
	}
	rm.flush()
	l := rm.reps[0].Ledger()
	n := l.Len()
	at, take, link := n-1, l.At(n-1).Take, l.links[n-1]
	req := rm.tb.ids[cheater].sign(requestContent(rm.tb.g.Game, at, take, link))
	for _, to := range []int{0, 1} {
		rm.inject(cheater, to, message{Type: msgUndoRequest, At: at, Take: take, Sig: req})
		if rm.reps[to].UndoAsked() >= 0 {
			t.Fatalf("device %d asks its player to let a move of a dealt game be taken back", to)
		}
	}
	p := UndoProof{At: at, Take: take, Link: link, Maker: cheater, Request: rm.tb.ids[cheater].sign(confirmContent(rm.tb.g.Game, at, take, link))}
	for _, s := range []int{0, 1} {
		p.Votes = append(p.Votes, Vote{Seat: s, Sig: rm.tb.ids[s].sign(voteContent(rm.tb.g.Game, at, take, link))})
	}
	for _, to := range []int{0, 1} {
		rm.inject(cheater, to, message{Type: msgUndo, Undo: &p})
		rm.inject(cheater, to, message{Type: msgSync, At: at, Undos: []UndoProof{p}})
		if rm.reps[to].Ledger().Len() != n || len(rm.reps[to].Ledger().Undos()) != 0 {
			t.Fatalf("device %d took a move of a dealt game back", to)
		}
	}
}

// Attack: a seat bot in a dealt game. One honest device sees a player away; the attacker claims
// a bot for that seat and sends a bot's move for it. Package doc: in a dealt game "no bot plays
// an away player's seat": the claim is not taken (the screen does not say a bot plays the seat),
// the device's own player cannot start one, and the move is refused.
func TestOutsiderDealtGameTakesNoBot(t *testing.T) {
	const leaver, other, cheater = 0, 1, 2
	rm := newRoomOf(t, 3, true)
	rm.playUntil(func() bool { return rm.reps[0].Game().State().Actor() == leaver })
	rm.away[leaver] = true
	rm.reps[other].tClose(peerName(leaver))
	rm.reps[cheater].tClose(peerName(leaver))
	rm.flush()
	n := rm.reps[other].Ledger().Len()
	rm.inject(cheater, other, message{Type: msgSeatBot, Seat: leaver, Level: "easy"})
	if rm.reps[other].BotLevel(leaver) != "" {
		t.Errorf("a dealt game took a bot for an away player: level %q, notices %q", rm.reps[other].BotLevel(leaver), lastOf(rm.notices[other]))
	}
	if rm.reps[other].LetBotPlay(leaver, "easy") == nil {
		t.Fatal("a dealt game let its player run a bot for an away player")
	}
	// The leaver's own moves, as a bot's, signed by the attacker (it cannot prove the cards).
	if moves := rm.reps[leaver].Game().LegalMoves(); len(moves) > 0 {
		forged := rm.tb.ids[cheater].SignMove(rm.tb.g.Game, rm.reps[other].Ledger().Next(), moves[0], true)
		rm.inject(cheater, other, message{Type: msgMove, Move: &forged})
	}
	if rm.reps[other].Ledger().Len() != n {
		t.Fatal("a dealt game took a bot's move")
	}
}

// Attack: a hand-back in another device's name. An honest device runs a bot for an away player
// with every device's consent; the attacker tells a third, honest device that the seat is handed
// back (a seat-bot with no level), as if it were the runner. Guarantee 4: a seat bot is handed
// back by its runner; "seat-bot-ok ... decides nothing on any other device": the bot's next move
// is taken by every honest device, which stay in one record.
func TestOutsiderHandBackInTheRunnersName(t *testing.T) {
	const leaver, runner, third, cheater = 0, 1, 2, 3
	rm := newRoom(t, 4)
	rm.away[leaver] = true
	for _, j := range []int{runner, third, cheater} {
		rm.reps[j].tClose(peerName(leaver))
	}
	if err := rm.reps[runner].LetBotPlay(leaver, "easy"); err != nil {
		t.Fatal(err)
	}
	rm.flush()
	if rm.reps[third].BotLevel(leaver) == "" {
		t.Fatal("the third device did not take the honest bot")
	}
	rm.inject(cheater, third, message{Type: msgSeatBot, Seat: leaver})
	rm.inject(cheater, third, message{Type: msgSeatBotOK, Seat: leaver})
	for moved := false; !moved; {
		seat := rm.reps[runner].Game().State().Actor()
		dev := seat
		if seat == leaver {
			if rm.reps[runner].BotToMove() != leaver {
				t.Fatalf("the runner's bot may not move (third's bot %q)", rm.reps[third].BotLevel(leaver))
			}
			dev, moved = runner, true
		}
		legal := rm.reps[dev].Game().LegalMoves()
		if err := rm.reps[dev].Play(legal[rm.rng.IntN(len(legal))]); err != nil {
			t.Fatal(err)
		}
		rm.flush()
	}
	for _, i := range []int{runner, third} {
		rm.fire(i, TimerFetch)
	}
	if rm.reps[third].Ledger().Len() != rm.reps[runner].Ledger().Len() || rm.reps[third].Ledger().tip() != rm.reps[runner].Ledger().tip() {
		t.Fatalf("the third device refused the honest bot's move after the attacker's hand-back in the runner's name: %q", lastOf(rm.notices[third]))
	}
}

// Attack: a bot never handed back. While the victim is away, the attacker claims a bot for its
// seat (the other device sees the victim away and takes it, as it should); the victim reloads and
// comes back, and the attacker, connected and greeting, never hands the seat back nor plays.
// Guarantee 4 ("hands the seat back as soon as it hears the player ...; a device that sees the
// player back and gets no hand-back within Timing.Grace refuses the bot's further moves") and 8
// (silence is named): the victim gets its own seat back within the bounds, or the attacker is
// named; the victim is not left unable to move for good.
func TestOutsiderBotNeverHandedBack(t *testing.T) {
	for _, dealt := range []bool{false, true} {
		t.Run(fmt.Sprintf("dealt=%v", dealt), func(t *testing.T) {
			const victim, other, cheater = 0, 1, 2
			rm := newRoomOf(t, 3, dealt)
			rm.playUntil(func() bool { return rm.reps[0].Game().State().Actor() == victim })
			rm.away[victim] = true
			rm.reps[other].tClose(peerName(victim))
			rm.reps[cheater].tClose(peerName(victim))
			rm.flush()
			rm.inject(cheater, other, message{Type: msgSeatBot, Seat: victim, Level: "easy"})
			if rm.reps[other].BotLevel(victim) == "" && !dealt {
				t.Fatal("the other device did not take a bot for an away player")
			}
			rm.away[victim] = false
			v := rm.reload(victim, other, cheater)
			rm.flush()
			for round := 0; round < 3; round++ {
				for _, k := range []TimerKind{TimerFetch, TimerGrace, TimerStall, TimerEnd} {
					for _, i := range []int{victim, other} {
						rm.fire(i, k)
					}
				}
			}
			if !v.LocalSeat(victim) && !rm.noticed(victim, "Player 3") {
				t.Fatalf("the victim, back, cannot move its own seat and nobody is named: bot %q, stalls %+v, behind %v, notices %q",
					v.BotLevel(victim), v.Stalls(), v.Behind(), lastOf(rm.notices[victim]))
			}
			if !v.LocalSeat(victim) {
				t.Fatalf("the victim, back, cannot move its own seat after every timer ran: bot %q, notices %q", v.BotLevel(victim), lastOf(rm.notices[victim]))
			}
			if !dealt {
				rm.play()
				rm.sameEverywhere()
			}
		})
	}
}

// Attack: an undo claimed by an acknowledgement. The attacker acknowledges the last move at a
// newer take (as if an undo the victim missed had taken it back) and never sends the proof.
// Package doc: "a newer take (the undo's proof is asked for)", and guarantee 6: a claim not made
// good within Timing.Stall is dropped, its author named; nothing is taken back, and the game goes on.
func TestOutsiderAckOfANewerTakeIsOnlyACue(t *testing.T) {
	const victim, cheater = 0, 2
	rm := newRoomWith(t, roomOptions{players: 3, drop: silence(cheater, msgSync)})
	for i := 0; i < 5; i++ {
		rm.play()
	}
	v := rm.reps[victim]
	n := v.Ledger().Len()
	link := Link{5}
	rm.inject(cheater, victim, message{Type: msgAck, At: n - 1, Take: 1, Hash: "0123456789abcdef", Link: &link})
	rm.fire(victim, TimerFetch)
	rm.fire(victim, TimerStall)
	if v.Ledger().Len() != n {
		t.Fatal("an acknowledgement took a move back")
	}
	if v.Behind() {
		t.Fatalf("the victim still waits for an undo's proof after Timing.Stall: stalls %+v, notices %q", v.Stalls(), lastOf(rm.notices[victim]))
	}
	rm.play()
	rm.play()
	if rm.reps[1].Ledger().Len() != n+2 || rm.reps[1].Ledger().tip() != v.Ledger().tip() {
		t.Fatal("the honest devices did not play on together")
	}
}

// Attack: connection churn. The attacker opens connection after connection to the victim (a new
// peer id each time, as rejoining the room gives), says hello on each, and closes it. Guarantee 7,
// bounded state from peers: the victim keeps no state for connections that are gone.
func TestOutsiderConnectionChurnIsBounded(t *testing.T) {
	const victim, cheater = 0, 2
	rm := newRoom(t, 3)
	v := rm.reps[victim]
	for k := 0; k < 300; k++ {
		id := fmt.Sprintf("churn%d", k)
		v.tOpen(id)
		v.tReceive(id, encode(rm.helloOn(cheater, id, peerName(victim), 0)))
		v.drain()
		v.tClose(id)
		v.drain()
	}
	rm.flush()
	if len(v.peers) > 3 {
		t.Fatalf("the victim keeps %d connections after 300 opened and closed", len(v.peers))
	}
	rm.play()
	rm.sameEverywhere()
}

// Attack: undo requests that are not the sender's. The attacker asks the other players to let it
// take back the victim's last move (signed by itself), and its own move that is no longer the last.
// Package doc: "undo-request at, take, sig: asks this player, only for the sender's own last move
// here and signed by the sender for it": nobody is asked.
func TestOutsiderUndoRequestForAMoveNotTheSendersLast(t *testing.T) {
	const victim, asked, cheater = 0, 1, 2
	rm := newRoom(t, 3)
	rm.playUntil(func() bool {
		l := rm.reps[0].Ledger()
		n := l.Len()
		if n < 2 || l.At(n-1).Seat() != victim {
			return false
		}
		for i := n - 2; i >= 0; i-- {
			if l.At(i).Seat() == cheater {
				return true
			}
		}
		return false
	})
	l := rm.reps[asked].Ledger()
	n := l.Len()
	last := n - 1
	mine := last - 1
	for l.At(mine).Seat() != cheater {
		mine--
	}
	for _, at := range []int{last, mine} {
		take, link := l.At(at).Take, l.links[at]
		rm.inject(cheater, asked, message{Type: msgUndoRequest, At: at, Take: take, Sig: rm.tb.ids[cheater].sign(requestContent(rm.tb.g.Game, at, take, link))})
		if rm.reps[asked].UndoAsked() >= 0 {
			t.Fatalf("the player was asked to let Player 3 take back move %d, which is not its last", at+1)
		}
	}
}

// Attack: an ending that misstates the game. The attacker ends a five-move game with a validly
// signed ending that says the game held 1999 moves. Ending.At is "the moves the game held", and
// guarantee 6, nothing believed that a peer only claims: the witness does not show nor keep in its
// record a move count its own record does not have.
func TestOutsiderEndingWithAFalseMoveCount(t *testing.T) {
	const witness, cheater = 1, 2
	rm := newRoom(t, 3)
	for i := 0; i < 5; i++ {
		rm.play()
	}
	n := rm.reps[witness].Ledger().Len()
	e := rm.endingBy(cheater, Ending{At: 1999, By: cheater, Stalled: []int{0}, Reason: "its moves"})
	rm.inject(cheater, witness, message{Type: msgEnd, End: &e})
	if got := rm.reps[witness].Ended(); got != nil && got.At > n {
		t.Fatalf("the witness holds %d moves and keeps an ending that says the game held %d: %q", n, got.At, rm.reps[witness].Stopped())
	}
	if s := rm.reps[witness].Stopped(); strings.Contains(s, "1999") {
		t.Fatalf("the witness's screen states a move count it does not hold: %q", s)
	}
}

// Attack: another player's move relayed with a false hash. The attacker passes on the victim's
// genuine signed move to a third device (first after the third has it, then before), with a
// state hash after it that is not the true one. Guarantee 6 and 2: the hash is the sender's
// acknowledgement; the third device names the attacker's device if anyone, never the victim's
// ("Player 1's device holds another game" would be false).
func TestOutsiderRelayedMoveWithAFalseHashBlamesTheRelayer(t *testing.T) {
	const victim, third, cheater = 0, 1, 2
	var held []byte
	rm := newRoom(t, 3)
	rm.playUntil(func() bool { return rm.reps[0].Game().State().Actor() == victim })
	if err := rm.reps[victim].Play(rm.reps[victim].Game().LegalMoves()[0]); err != nil {
		t.Fatal(err)
	}
	rm.flush()
	l := rm.reps[third].Ledger()
	s := l.At(l.Len() - 1)
	rm.inject(cheater, third, message{Type: msgMove, Move: &s, Hash: "0123456789abcdef"})
	// Now before the victim's own copy arrives.
	rm.playUntil(func() bool { return rm.reps[0].Game().State().Actor() == victim })
	rm.drop = func(from, to int, data []byte) bool {
		if from == victim && to == third && msgType(data) == msgMove {
			held = data
			return true
		}
		return false
	}
	if err := rm.reps[victim].Play(rm.reps[victim].Game().LegalMoves()[0]); err != nil {
		t.Fatal(err)
	}
	rm.flush()
	rm.drop = nil
	s2 := rm.reps[victim].Ledger().At(rm.reps[victim].Ledger().Len() - 1)
	rm.inject(cheater, third, message{Type: msgMove, Move: &s2, Hash: "0123456789abcdef"})
	if held != nil {
		rm.reps[third].tReceive(peerName(victim), held)
		rm.flush()
	}
	if d := rm.reps[third].Disagreement(); strings.Contains(d, "Player 1") {
		t.Fatalf("the third device names the victim's device for the attacker's hash: %q", d)
	}
	for _, n := range rm.notices[third] {
		if strings.Contains(n, "Player 1's device holds another game") {
			t.Fatalf("the third device names the victim's device for the attacker's hash: %q", n)
		}
	}
	if rm.reps[third].Ledger().tip() != rm.reps[victim].Ledger().tip() {
		t.Fatal("the third device does not hold the victim's moves")
	}
}
