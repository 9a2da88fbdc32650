package online

import (
	"io"
	"math/rand/v2"
	"strings"
	"testing"

	"brass/engine"
)

// A room of replicas connected to each other, delivering in order and at once: the attacks
// below, each against a guarantee in the package doc, run on it.
type room struct {
	t       *testing.T
	tb      table
	reps    []*Replica
	notices [][]string
	timers  [][]Timer // every timer each device started, in order
	saves   []int     // how many Readys asked each device to save
	rng     *rand.Rand
	away    map[int]bool // devices whose messages go nowhere (they are off the network)
	// drop, when set, loses a message on its way.
	drop func(from, to int, data []byte) bool
	// ready, when set, sees every Ready a device hands over (before its messages go out).
	ready func(i int, r *Replica, rd Ready)
}

// newKeySource is device i's source of the deal's keys.
func newKeySource(i int) io.Reader { return rand.NewChaCha8([32]byte{byte(i + 1), 41}) }

type packet struct {
	from, to int
	data     []byte
}

func peerName(i int) string { return "peer" + string(rune('a'+i)) }

func newRoom(t *testing.T, players int) *room { return newRoomWith(t, roomOptions{players: players}) }

// newRoomOf is a room of a game dealt from its seed, or, with dealt, by the devices.
func newRoomOf(t *testing.T, players int, dealt bool) *room {
	return newRoomWith(t, roomOptions{players: players, dealt: dealt})
}

// roomOptions: the players, whether the devices deal the cards, and the room's drop and
// ready from the start (the setup's messages included).
type roomOptions struct {
	players int
	dealt   bool
	drop    func(from, to int, data []byte) bool
	ready   func(i int, r *Replica, rd Ready)
}

func newRoomWith(t *testing.T, o roomOptions) *room {
	t.Helper()
	rm := &room{t: t, tb: newTable(t, o.players, 41), notices: make([][]string, o.players), timers: make([][]Timer, o.players), saves: make([]int, o.players),
		rng: rand.New(rand.NewPCG(41, 42)), away: map[int]bool{}, drop: o.drop, ready: o.ready}
	rm.tb.g.Config.Dealt = o.dealt
	for i := 0; i < o.players; i++ {
		r, err := NewReplica(rm.tb.ids[i], rm.tb.g, nil, nil, DefaultTiming, newKeySource(i))
		if err != nil {
			t.Fatal(err)
		}
		r.tEnter(peerName(i))
		rm.reps = append(rm.reps, r)
	}
	for i := range rm.reps {
		for j := range rm.reps {
			if i != j {
				rm.reps[i].tOpen(peerName(j))
			}
		}
	}
	rm.flush()
	return rm
}

// flush delivers every message until the room is quiet.
func (rm *room) flush() {
	rm.t.Helper()
	for round := 0; round < 1000; round++ {
		var out []packet
		for i, r := range rm.reps {
			rd := r.drain()
			if rm.ready != nil {
				rm.ready(i, r, rd)
			}
			for _, n := range rd.Notices {
				rm.notices[i] = append(rm.notices[i], n.Text)
			}
			rm.timers[i] = append(rm.timers[i], rd.Timers...)
			if rd.Save {
				rm.saves[i]++
			}
			for _, m := range rd.Messages {
				for j := range rm.reps {
					if j != i && !rm.away[i] && !rm.away[j] && m.To == peerName(j) && (rm.drop == nil || !rm.drop(i, j, m.Data)) {
						out = append(out, packet{i, j, m.Data})
					}
				}
			}
		}
		if len(out) == 0 {
			return
		}
		for _, p := range out {
			rm.reps[p.to].tReceive(peerName(p.from), p.data)
		}
	}
	rm.t.Fatal("the room never went quiet")
}

// fire runs device i's timers of a kind that are due by now (all it started: a stale one does
// nothing), as its clock would after their wait.
func (rm *room) fire(i int, kind TimerKind) {
	rm.t.Helper()
	timers := rm.timers[i]
	rm.timers[i] = nil
	for _, tm := range timers {
		if tm.Kind == kind {
			rm.reps[i].tFire(tm)
		} else {
			rm.timers[i] = append(rm.timers[i], tm)
		}
	}
	rm.flush()
}

// inject sends a message from a device running modified code, as it likes.
func (rm *room) inject(from, to int, m message) {
	m.Game = rm.tb.g.Game
	rm.reps[to].tReceive(peerName(from), encode(m))
	rm.flush()
}

// play has the player to act make a random legal move on their own device.
func (rm *room) play() {
	rm.t.Helper()
	g := rm.reps[0].Game()
	seat := g.State().Actor()
	moves := rm.reps[seat].Game().LegalMoves()
	if err := rm.reps[seat].Play(moves[rm.rng.IntN(len(moves))]); err != nil {
		rm.t.Fatal(err)
	}
	rm.flush()
}

func (rm *room) sameEverywhere() {
	rm.t.Helper()
	for i, r := range rm.reps[1:] {
		if r.Ledger().Len() != rm.reps[0].Ledger().Len() || r.Ledger().Len() > 0 && r.Ledger().tip() != rm.reps[0].Ledger().tip() {
			rm.t.Fatalf("device %d holds another record than device 0", i+1)
		}
	}
}

func (rm *room) noticed(i int, part string) bool {
	for _, n := range rm.notices[i] {
		if strings.Contains(n, part) {
			return true
		}
	}
	return false
}

// Honest devices play a game together: every move reaches every device, in one record.
func TestRoomPlays(t *testing.T) {
	rm := newRoom(t, 3)
	for i := 0; i < 40; i++ {
		rm.play()
	}
	rm.sameEverywhere()
	if rm.reps[2].Ledger().Len() != 40 {
		t.Fatalf("%d moves", rm.reps[2].Ledger().Len())
	}
}

// A device cannot let a bot take a connected player's seat: the claim is refused by every
// device that sees the player, the victim's included, and moves signed for that seat by the
// claimant are refused.
func TestSeatBotForPresentPlayerRefused(t *testing.T) {
	rm := newRoom(t, 3)
	for rm.reps[0].Game().State().Actor() != 0 {
		rm.play()
	}
	cheater, victim := 2, 0
	for to := 0; to < 2; to++ {
		rm.inject(cheater, to, message{Type: msgSeatBot, Seat: victim, Level: "hard"})
	}
	for i := 0; i < 2; i++ {
		if rm.reps[i].BotLevel(victim) != "" {
			t.Fatalf("device %d accepted a bot for a player who is here", i)
		}
	}
	if !rm.noticed(0, "tried to let a bot play your seat while you are here") {
		t.Fatalf("the victim was not told: %q", rm.notices[0])
	}
	m := rm.reps[victim].Game().LegalMoves()[0]
	forged := rm.tb.ids[cheater].SignMove(rm.tb.g.Game, rm.reps[victim].Ledger().Next(), m, true)
	before := rm.reps[1].Ledger().Len()
	rm.inject(cheater, 1, message{Type: msgMove, Move: &forged, Hash: "0000000000000000"})
	if rm.reps[1].Ledger().Len() != before || !rm.reps[victim].LocalSeat(victim) {
		t.Fatal("a bot move for a present player was accepted, or the victim lost their seat")
	}
}

// A device cannot play as someone else: a hello signed with its own key for another's seat is
// no seat of the other's, and a real hello replayed from another connection does not verify.
func TestHelloForAnotherSeatRefused(t *testing.T) {
	rm := newRoom(t, 3)
	cheater, victim := 2, 1
	// A hello naming the victim's key, signed by the cheater.
	m := message{Type: msgHello, Version: Version, Key: rm.tb.g.Keys[victim]}
	m.Sig = rm.tb.ids[cheater].sign(helloContent(rm.tb.g.Game, m.Key, peerName(cheater), peerName(0), 0, 0, "", nil))
	rm.inject(cheater, 0, m)
	// The victim's real hello to the cheater, replayed to device 0.
	real := message{Type: msgHello, Version: Version, Key: rm.tb.g.Keys[victim]}
	real.Sig = rm.tb.ids[victim].sign(helloContent(rm.tb.g.Game, real.Key, peerName(victim), peerName(cheater), 0, 0, "", nil))
	rm.inject(cheater, 0, real)
	if p := rm.reps[0].peers[peerName(cheater)]; p.seat != cheater {
		t.Fatalf("the cheater's connection now plays seat %d", p.seat+1)
	}
	if !rm.noticed(0, "not signed for this connection") {
		t.Fatalf("no notice: %q", rm.notices[0])
	}
	// The victim's seat still plays from the victim's own connection.
	for rm.reps[0].Game().State().Actor() != victim {
		rm.play()
	}
	rm.play()
	rm.sameEverywhere()
}

// A false acknowledgement changes nothing: the device that sent it is named, and every move
// accepted stays.
func TestFalseAckChangesNothing(t *testing.T) {
	rm := newRoom(t, 2)
	for i := 0; i < 6; i++ {
		rm.play()
	}
	before := rm.reps[0].Ledger().tip()
	link := Link{9}
	rm.inject(1, 0, message{Type: msgAck, At: 5, Take: 0, Hash: "0123456789abcdef", Link: &link})
	if rm.reps[0].Ledger().tip() != before || rm.reps[0].Ledger().Len() != 6 {
		t.Fatal("a false hash changed the record")
	}
	if !strings.Contains(rm.reps[0].Disagreement(), "differs after move 6") {
		t.Fatalf("the disagreement is not shown: %q", rm.reps[0].Disagreement())
	}
	rm.play()
	rm.sameEverywhere()
}

// Two different moves signed for one slot, sent to two devices, are found when the devices
// compare, and stop the game on every honest device with the proof.
func TestEquivocationCaughtAndShown(t *testing.T) {
	rm := newRoom(t, 3)
	for rm.reps[0].Game().State().Actor() != 2 || len(rm.reps[0].Game().LegalMoves()) < 2 {
		rm.play()
	}
	cheater := 2
	at := rm.reps[0].Ledger().Next()
	moves := rm.reps[0].Game().LegalMoves()
	a := rm.tb.ids[cheater].SignMove(rm.tb.g.Game, at, moves[0], false)
	b := rm.tb.ids[cheater].SignMove(rm.tb.g.Game, at, moves[1], false)
	rm.reps[0].tReceive(peerName(cheater), encode(message{Type: msgMove, Game: rm.tb.g.Game, Move: &a, Hash: "0000000000000000"}))
	rm.reps[1].tReceive(peerName(cheater), encode(message{Type: msgMove, Game: rm.tb.g.Game, Move: &b, Hash: "0000000000000000"}))
	rm.flush()
	for i := 0; i < 2; i++ {
		if !strings.Contains(rm.reps[i].Stopped(), "signed two different moves") {
			t.Fatalf("device %d did not stop on the equivocation: %q / %q", i, rm.reps[i].Stopped(), rm.notices[i])
		}
	}
	if err := rm.reps[0].Play(engine.Move{Type: "pass", Player: 0}); err == nil {
		t.Fatal("play went on after proof of cheating")
	}
}

// A device cannot take a move back without every other player's signed yes: not by saying
// so, and not with a vote it signed itself in another's name.
func TestUndoNeedsEverySignedYes(t *testing.T) {
	rm := newRoom(t, 3)
	cheater := 2
	for {
		g := rm.reps[0].Game()
		if n := rm.reps[0].Ledger().Len(); n > 0 && rm.reps[0].Ledger().At(n-1).Seat() == cheater && g.CanUndo() {
			break
		}
		rm.play()
	}
	n := rm.reps[0].Ledger().Len()
	take := rm.reps[0].Ledger().At(n - 1).Take
	link := rm.reps[0].Ledger().links[n-1]
	forged := rm.tb.ids[cheater].sign(voteContent(rm.tb.g.Game, n-1, take, link))
	request := rm.tb.ids[cheater].sign(confirmContent(rm.tb.g.Game, n-1, take, link))
	for _, votes := range [][]Vote{nil, {{Seat: 0, Sig: forged}, {Seat: 1, Sig: forged}}} {
		rm.inject(cheater, 0, message{Type: msgUndo, Undo: &UndoProof{At: n - 1, Take: take, Link: link, Maker: cheater, Request: request, Votes: votes}})
		if rm.reps[0].Ledger().Len() != n {
			t.Fatal("a move was taken back without every signed yes")
		}
	}
	if !rm.noticed(0, "without every other player's signed agreement") {
		t.Fatalf("no notice: %q", rm.notices[0])
	}
}

// An honest undo: asked, agreed by every other player, taken back everywhere, and the index
// played again at the next take.
func TestUndoByAgreement(t *testing.T) {
	rm := newRoom(t, 3)
	for {
		rm.play()
		seat := rm.reps[0].Game().State().Actor()
		if rm.reps[seat].CanUndo() {
			if err := rm.reps[seat].AskUndo(); err != nil {
				t.Fatal(err)
			}
			rm.flush()
			for i, r := range rm.reps {
				if i != seat {
					if r.UndoAsked() != seat {
						t.Fatalf("device %d was not asked", i)
					}
					r.AnswerUndo(true)
				}
			}
			rm.flush()
			break
		}
	}
	rm.sameEverywhere()
	n := rm.reps[0].Ledger().Len()
	if rm.reps[0].Ledger().Next().Take != 1 {
		t.Fatalf("index %d is at take %d after the undo", n, rm.reps[0].Ledger().Next().Take)
	}
	rm.play()
	rm.sameEverywhere()
}

// compareAck's decisions, one per row.
func TestCompareAck(t *testing.T) {
	tb := newTable(t, 2, 43)
	l := tb.ledger(t)
	r := rand.New(rand.NewPCG(1, 1))
	for i := 0; i < 3; i++ {
		if err := l.Append(tb.signNext(t, l, r), nil); err != nil {
			t.Fatal(err)
		}
	}
	h := hashString(l.HashAfter(2))
	link := l.links[2]
	for _, c := range []struct {
		name string
		at   int
		take int
		hash string
		link Link
		want ackVerdict
	}{
		{"the same", 2, 0, h, link, ackAgrees},
		{"another state", 2, 0, "0000000000000000", link, ackDiffers},
		{"another history, same state", 2, 0, h, Link{1}, ackDiffers},
		{"a move not here yet", 3, 0, h, link, ackAhead},
		{"a newer take: an undo missed here", 2, 1, "0000000000000000", Link{1}, ackUndone},
	} {
		if got := compareAck(l, c.at, c.take, c.hash, c.link); got != c.want {
			t.Errorf("%s: got %d, want %d", c.name, got, c.want)
		}
	}
}

// An agreed undo reaches a device that missed it (it crashed with the move still stored): its
// catch-up carries the proof, so it takes the same move back and accepts the move made again;
// and a restart from the stored moves and proofs keeps the reopened take.
func TestUndoReachesADeviceThatMissedIt(t *testing.T) {
	rm := newRoom(t, 3)
	var seat int
	for {
		rm.play()
		seat = rm.reps[0].Game().State().Actor()
		if rm.reps[seat].CanUndo() {
			break
		}
	}
	late := (seat + 1) % 3
	before := rm.reps[late].Ledger().Moves() // what the late device had stored
	if err := rm.reps[seat].AskUndo(); err != nil {
		t.Fatal(err)
	}
	rm.flush()
	for i, r := range rm.reps {
		if i != seat {
			r.AnswerUndo(true)
		}
	}
	rm.flush()
	rm.play() // the move made again, at take 1
	// The late device restarts from before the undo and catches up.
	r, err := NewReplica(rm.tb.ids[late], rm.tb.g, before, nil, DefaultTiming, nil)
	if err != nil {
		t.Fatal(err)
	}
	rm.reps[late] = r
	r.tEnter(peerName(late))
	for j := range rm.reps {
		if j != late {
			r.tOpen(peerName(j))
			rm.reps[j].tClose(peerName(late))
			rm.reps[j].tOpen(peerName(late))
		}
	}
	rm.flush()
	rm.sameEverywhere()
	// A restart from what it stored keeps the reopened take.
	again, err := NewReplica(rm.tb.ids[late], rm.tb.g, r.Ledger().Moves(), r.Ledger().Undos(), DefaultTiming, nil)
	if err != nil {
		t.Fatal(err)
	}
	if len(again.Ledger().Undos()) != 1 || again.Ledger().Len() != r.Ledger().Len() {
		t.Fatalf("after a restart: %d undos, %d moves", len(again.Ledger().Undos()), again.Ledger().Len())
	}
}

// A player comes back after a bot played their seat, and another device's catch-up brings
// the bot's moves before the bot's own device greets: the bot's claim is taken (its signed
// moves for the seat are in the record), the seat is handed back, and the returning player
// is not told anyone tried to take it while they were here. (Seen over real WebRTC when
// the third device answered first.)
func TestSeatBotClaimAfterAnotherDeviceCaughtUp(t *testing.T) {
	rm := newRoom(t, 3)
	const leaver, runner, third = 0, 1, 2
	stored := rm.reps[leaver].Ledger().Moves()
	rm.away[leaver] = true
	for _, j := range []int{runner, third} {
		rm.reps[j].tClose(peerName(leaver))
	}
	if err := rm.reps[runner].LetBotPlay(leaver, "easy"); err != nil {
		t.Fatal(err)
	}
	rm.flush()
	// Play on until the bot has made a move for the leaver's seat.
	for botMoves := 0; botMoves == 0; {
		g := rm.reps[runner].Game()
		seat := g.State().Actor()
		dev := seat
		if seat == leaver {
			dev = runner
		}
		legal := rm.reps[dev].Game().LegalMoves()
		if err := rm.reps[dev].Play(legal[rm.rng.IntN(len(legal))]); err != nil {
			t.Fatal(err)
		}
		rm.flush()
		if seat == leaver {
			botMoves++
		}
	}
	// The leaver restarts from what it stored and meets the third device first: its
	// catch-up brings every move, the bot's included. The third device does not tell of the
	// bot (as when it lost sight of the bot's device for a while), so only the bot's own
	// device can.
	delete(rm.reps[third].bots, leaver)
	r, err := NewReplica(rm.tb.ids[leaver], rm.tb.g, stored, nil, DefaultTiming, nil)
	if err != nil {
		t.Fatal(err)
	}
	rm.reps[leaver], rm.away[leaver] = r, false
	r.tEnter(peerName(leaver))
	rm.reps[third].tOpen(peerName(leaver))
	r.tOpen(peerName(third))
	rm.flush()
	if r.Ledger().Len() != rm.reps[runner].Ledger().Len() {
		t.Fatalf("the leaver did not catch up from the third device: %d of %d moves", r.Ledger().Len(), rm.reps[runner].Ledger().Len())
	}
	// The record tells the player what happened, whether or not the bot's device ever
	// claims the seat (it may have handed it back already).
	if !rm.noticed(leaver, "A bot on Player 2's device played for you while you were away") || !rm.noticed(leaver, "Your seat is yours again") {
		t.Errorf("the returning player was not told from the record: %q", rm.notices[leaver])
	}
	// Then the bot's device greets it, claiming the seat: the claim is answered no, without
	// an accusation, and the bot's device hands the seat back.
	rm.reps[runner].tOpen(peerName(leaver))
	r.tOpen(peerName(runner))
	rm.flush()
	if rm.noticed(leaver, "while you are here") {
		t.Errorf("the returning player was told their seat was being taken: %q", rm.notices[leaver])
	}
	if !rm.noticed(leaver, "Your seat is yours again") || !r.LocalSeat(leaver) {
		t.Errorf("the seat was not handed back: %q", rm.notices[leaver])
	}
	for _, j := range []int{runner, third} {
		if rm.reps[j].BotLevel(leaver) != "" {
			t.Errorf("device %d still has a bot on the returned player's seat", j)
		}
	}
	rm.sameEverywhere()
}

// A catch-up asked from past a move its undos take back (the device held the move, missed
// the undo, and the others have played on): the index it reopens is asked for again, and the
// device catches up rather than refusing the next move as out of place (a soak found a device
// left behind that way).
func TestCatchUpPastAnUndoneMoveAsksForItAgain(t *testing.T) {
	rm := newRoom(t, 2)
	var seat int
	for {
		rm.play()
		seat = rm.reps[0].Game().State().Actor()
		if rm.reps[seat].CanUndo() {
			break
		}
	}
	late := 1 - seat
	before := rm.reps[late].Ledger().Moves()
	if err := rm.reps[seat].AskUndo(); err != nil {
		t.Fatal(err)
	}
	rm.flush()
	rm.reps[late].AnswerUndo(true)
	rm.flush()
	for rm.reps[seat].Ledger().Len() <= len(before) {
		rm.play()
	}
	r, err := NewReplica(rm.tb.ids[late], rm.tb.g, before, nil, DefaultTiming, nil)
	if err != nil {
		t.Fatal(err)
	}
	rm.reps[late] = r
	r.tEnter(peerName(late))
	r.tOpen(peerName(seat))
	rm.reps[seat].tClose(peerName(late))
	rm.reps[seat].tOpen(peerName(late))
	rm.flush()
	rm.sameEverywhere()
}
