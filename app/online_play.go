package app

import (
	"fmt"
	"reflect"
	"strings"
	"time"

	"brass/engine"
)

// Playing online: the move stream, catching up, desync detection and resolution, undo by
// agreement.

// desyncState is a disagreement between devices about the state after move at.
type desyncState struct {
	at       int
	waited   bool   // the wait for every device's hash is over
	adopting string // the player whose record this device asked for
}

// movedHash is the state hash after move at.
type movedHash struct {
	at   int
	hash string
}

// undoRequest is a request to take back move at.
type undoRequest struct {
	at    int
	from  string          // the player asking
	votes map[string]bool // the players who agreed
}

// desyncWait is how long a device waits for every other device's hash before deciding a
// desync by the hashes it has.
const desyncWait = 3 * time.Second

// fetchWait is how long a device that heard of a move it lacks waits for the move itself
// before asking for it: normally the move is already on its way from the device that made it.
const fetchWait = 500 * time.Millisecond

// ID implements Session: the game's id, the same on every device.
func (o *Online) ID() string { return o.saved.ID }

// Game implements Session; nil until the game has started.
func (o *Online) Game() *engine.Game { return o.game }

// Colours implements Session.
func (o *Online) Colours() []string { return append([]string(nil), o.saved.Colours...) }

// LocalSeat implements Session: only this device's own seat, and not while another
// device's bot still plays it (until that device hands it back).
func (o *Online) LocalSeat(p int) bool {
	return o.game != nil && p >= 0 && p < len(o.saved.Online.Players) && o.saved.Online.Players[p] == o.me && o.seatBots[p].runner == ""
}

// SetBrain implements BotHost: the brain gives this device's player hints.
func (o *Online) SetBrain(b Brain) { o.bots.brain = b }

// Hint asks the Hard bot what this device's player should do; done gets the move and a reason.
func (o *Online) Hint(done func(BotReply)) {
	if o.game == nil {
		done(BotReply{Error: "The game has not started yet."})
		return
	}
	o.bots.hint(o.game, o.MySeat(), done)
}

// MySeat is this device's seat, or −1 before the game.
func (o *Online) MySeat() int {
	if o.game != nil {
		for i, p := range o.saved.Online.Players {
			if p == o.me {
				return i
			}
		}
	}
	return -1
}

// Submit implements Session: the move is validated and applied here, saved, and sent to every
// other device with its index and the state hash after it.
func (o *Online) Submit(m engine.Move) error {
	if o.phase != PhasePlaying {
		return &Error{Msg: "The game has not started yet."}
	}
	if !o.LocalSeat(m.Player) {
		if sb := o.seatBots[m.Player]; sb.runner != "" && m.Player == o.MySeat() {
			return &Error{Msg: "The bot on " + o.playerName(sb.runner) + "'s device still plays your seat; it hands it back in a moment."}
		}
		return &Error{Msg: "On this device you play only your own seat."}
	}
	return o.play(m)
}

// play applies a move of a seat this device plays (its player's, or a seat its bot plays),
// saves it and sends it to every other device.
func (o *Online) play(m engine.Move) error {
	at := len(o.game.Moves())
	m.At = nil
	if err := o.game.Apply(m); err != nil {
		return err
	}
	h := o.recordHash()
	o.save()
	o.broadcast(wireMessage{Type: msgMove, Game: o.saved.ID, At: at, Move: &m, Hash: h})
	o.afterMove()
	return nil
}

// CanUndo implements Session: the engine allows it, nobody is asked already, and every other
// player is connected to agree.
func (o *Online) CanUndo() bool {
	if o.phase != PhasePlaying || !o.game.CanUndo() || o.undo != nil {
		return false
	}
	for _, p := range o.saved.Online.Players {
		if !o.connected(p) {
			return false
		}
	}
	return true
}

// Undo implements Session: online it asks the other players; the move is taken back when
// all of them agree (UndoPending says a request is out).
func (o *Online) Undo() error {
	if o.phase != PhasePlaying {
		return &Error{Msg: "The game has not started yet."}
	}
	if !o.game.CanUndo() {
		return o.game.Undo() // the engine's refusal
	}
	for _, p := range o.saved.Online.Players {
		if !o.connected(p) {
			return &Error{Msg: "Taking back a move needs every player's agreement, and " + o.playerName(p) + " is away."}
		}
	}
	if o.undo != nil {
		return &Error{Msg: "You have already asked; waiting for the answers."}
	}
	at := len(o.game.Moves()) - 1
	o.undo = &undoRequest{at: at, from: o.me, votes: map[string]bool{}}
	o.broadcast(wireMessage{Type: msgUndoRequest, Game: o.saved.ID, At: at})
	o.notify("You asked the other players to let you take back your last move.", false)
	return nil
}

// UndoPending reports whether this device's undo request waits for answers.
func (o *Online) UndoPending() bool { return o.undo != nil }

// UndoAsked returns the name of a player asking this device to allow an undo, or "".
func (o *Online) UndoAsked() string {
	if o.asked == nil {
		return ""
	}
	return o.playerName(o.asked.from)
}

// AnswerUndo answers another player's undo request.
func (o *Online) AnswerUndo(yes bool) {
	a := o.asked
	if a == nil {
		return
	}
	o.asked = nil
	if r := o.peerOf(a.from); r != nil {
		o.send(r.peer, wireMessage{Type: msgUndoVote, Game: o.saved.ID, At: a.at, Yes: yes})
	}
	if yes {
		o.agreed[a.at] = a.from
	}
}

// Desync describes a disagreement between devices that is being resolved, or "".
func (o *Online) Desync() string {
	if o.desync == nil {
		return ""
	}
	return fmt.Sprintf("The players' games disagree after move %d; resolving by the majority's record.", o.desync.at+1)
}

// afterMove drops undo requests a new move made obsolete; the game changed, so the screen
// must show it.
func (o *Online) afterMove() {
	o.dirty = true
	o.undo, o.asked = nil, nil
	o.agreed = map[int]string{}
	o.stepBots()
}

// seatOf returns the seat of a player id, or −1.
func (o *Online) seatOf(player string) int {
	for i, p := range o.saved.Online.Players {
		if p == player {
			return i
		}
	}
	return -1
}

// playHello catches up with a device that (re)connected during the game.
func (o *Online) playHello(r *remote, m wireMessage) {
	if !m.HasGame || m.Game != o.saved.ID {
		if o.seatOf(m.Player) >= 0 {
			o.notify(o.playerName(m.Player)+"'s device has no copy of this game; it cannot take part until it reopens it from its saved games.", true)
		}
		return
	}
	if o.seatOf(m.Player) < 0 {
		return // not a player of this game
	}
	o.seatReturned(m.Player)
	n := len(o.game.Moves())
	switch {
	case m.Count > n:
		o.send(r.peer, wireMessage{Type: msgSyncRequest, Game: o.saved.ID, At: n})
		o.noteHash(m.Player, m.Count-1, m.Hash)
	case m.Count > 0:
		o.noteHash(m.Player, m.Count-1, m.Hash)
	}
	// A disagreement being resolved needs this device's hash from every connected device.
	if d := o.desync; d != nil && d.at < len(o.hashes) {
		o.send(r.peer, wireMessage{Type: msgAck, Game: o.saved.ID, At: d.at, Hash: o.hashes[d.at]})
	}
}

// onMove validates and applies another device's move.
func (o *Online) onMove(r *remote, m wireMessage) {
	if o.phase != PhasePlaying || m.Game != o.saved.ID {
		return
	}
	mv := *m.Move
	mv.At = nil
	who := o.playerName(r.player)
	if !o.mayPlay(r.player, mv.Player) {
		o.refuse(r, m.At, fmt.Sprintf("a move from %s for another player's seat", who))
		return
	}
	n := len(o.game.Moves())
	switch {
	case m.At > n:
		// Moves are missing in between: fetch them; this one comes with them.
		o.send(r.peer, wireMessage{Type: msgSyncRequest, Game: o.saved.ID, At: n})
	case m.At < n:
		if !sameMove(o.game.Moves()[m.At], mv) {
			o.refuse(r, m.At, fmt.Sprintf("%s's move was made against move %d, but the game is at move %d (a stale move)", who, m.At, n))
		}
		o.noteHash(r.player, m.At, m.Hash)
	default:
		if err := o.game.Apply(mv); err != nil {
			o.refuse(r, m.At, fmt.Sprintf("%s's move %d: %s", who, m.At+1, sentenceFragment(err.Error())))
			return
		}
		h := o.recordHash()
		o.noteHash(r.player, m.At, m.Hash)
		o.save()
		o.broadcast(wireMessage{Type: msgAck, Game: o.saved.ID, At: m.At, Hash: h})
		o.afterMove()
	}
}

// refuse shows why a move was not applied and tells its sender.
func (o *Online) refuse(r *remote, at int, why string) {
	why = strings.TrimSuffix(why, ".") // the engine's reasons are sentences
	o.notify("Refused "+why+".", true)
	o.send(r.peer, wireMessage{Type: msgRefused, Game: o.saved.ID, At: at, Reason: why})
}

func sameMove(a, b engine.Move) bool {
	a.At, b.At = nil, nil
	return reflect.DeepEqual(a, b)
}

func (o *Online) onAck(r *remote, m wireMessage) {
	if o.phase == PhasePlaying && m.Game == o.saved.ID && o.seatOf(r.player) >= 0 {
		o.noteHash(r.player, m.At, m.Hash)
	}
}

func (o *Online) onRefused(r *remote, m wireMessage) {
	if o.phase == PhasePlaying && m.Game == o.saved.ID {
		// The reason is already a fragment, and may begin with a name.
		o.notify(o.playerName(r.player)+"'s device refused move "+fmt.Sprint(m.At+1)+": "+m.Reason, true)
	}
}

// onSyncRequest sends the moves a device is missing.
func (o *Online) onSyncRequest(r *remote, m wireMessage) {
	if o.phase != PhasePlaying || m.Game != o.saved.ID || o.seatOf(r.player) < 0 {
		return
	}
	moves := o.game.Moves()
	from := m.At
	if from > len(moves) {
		from = len(moves)
	}
	out := append([]engine.Move(nil), moves[from:]...)
	o.send(r.peer, wireMessage{Type: msgSync, Game: o.saved.ID, At: from, Moves: out, Hash: hashString(o.game.Hash())})
}

// onSync applies the moves another device sent: the ones missing here, or its whole record
// when this device is adopting the majority's record after a desync.
func (o *Online) onSync(r *remote, m wireMessage) {
	if o.phase != PhasePlaying || m.Game != o.saved.ID || o.seatOf(r.player) < 0 {
		return
	}
	if d := o.desync; d != nil && d.adopting == r.player && m.At == 0 {
		o.adopt(r, m)
		return
	}
	n := len(o.game.Moves())
	if m.At > n {
		o.send(r.peer, wireMessage{Type: msgSyncRequest, Game: o.saved.ID, At: n})
		return
	}
	applied := 0
	for i := n - m.At; i < len(m.Moves); i++ {
		mv := m.Moves[i]
		mv.At = nil
		if err := o.game.Apply(mv); err != nil {
			if o.desync == nil { // while games disagree, the adopted record settles it
				o.notify(fmt.Sprintf("%s's record has a move this game refuses (move %d): %s", o.playerName(r.player), m.At+i+1, sentenceFragment(err.Error())), true)
			}
			break
		}
		o.recordHash()
		applied++
	}
	if last := m.At + len(m.Moves) - 1; last >= 0 {
		o.noteHash(r.player, last, m.Hash)
	}
	if applied > 0 {
		o.save()
		last := len(o.game.Moves()) - 1
		o.broadcast(wireMessage{Type: msgAck, Game: o.saved.ID, At: last, Hash: o.hashes[last]})
		o.afterMove()
	}
}

// recordHash notes the state hash after the move just applied and compares it with what the
// other devices reported for that move.
func (o *Online) recordHash() string {
	h := hashString(o.game.Hash())
	at := len(o.game.Moves()) - 1
	o.hashes = append(o.hashes[:at], h)
	for p, byMove := range o.heard {
		if theirs, ok := byMove[at]; ok && theirs != h {
			o.detectDesync(at, p)
		}
	}
	o.checkResolved(at)
	if o.desync != nil {
		o.evaluateDesync()
	}
	return h
}

// noteHash records the hash a device reported after move at, and compares it with ours.
func (o *Online) noteHash(player string, at int, hash string) {
	if player == o.me || at < 0 {
		return
	}
	if at == o.undone.at && hash == o.undone.hash {
		return // a late acknowledgement of the move taken back
	}
	byMove := o.heard[player]
	if byMove == nil {
		byMove = map[int]string{}
		o.heard[player] = byMove
	}
	byMove[at] = hash
	for k := range byMove {
		if k < at-256 {
			delete(byMove, k)
		}
	}
	if at >= len(o.hashes) {
		o.fetchLater()
	}
	if at < len(o.hashes) && o.hashes[at] != hash {
		o.detectDesync(at, player)
	}
	o.checkResolved(at)
	if o.desync != nil {
		o.evaluateDesync()
	}
}

// fetchLater asks for the moves this device lacks if they have not arrived after fetchWait.
// Only the device that made a move sends it; if its player left as it went out, it may have
// reached some devices only, and the others, the next player's among them, would wait for it
// for ever: an acknowledgement from a device that has it tells them to fetch it.
func (o *Online) fetchLater() {
	if o.fetching || o.run == nil {
		return
	}
	o.fetching = true
	time.AfterFunc(fetchWait, func() {
		o.run(func() {
			o.fetching = false
			if o.phase != PhasePlaying || o.game == nil {
				return
			}
			ahead := o.furthestAhead()
			if r := o.peerOf(ahead); ahead != "" && r != nil {
				o.send(r.peer, wireMessage{Type: msgSyncRequest, Game: o.saved.ID, At: len(o.game.Moves())})
			}
		})
	})
}

// forgetUndone drops the hash of the move just taken back, this device's and the
// acknowledgements of it the others sent, and ignores those still on their way: the
// replacement's hash must not be compared with it. The others' hashes that differ are their
// replacement's, which may come first.
func (o *Online) forgetUndone() {
	n := len(o.game.Moves())
	o.undone = movedHash{at: n, hash: o.hashes[n]}
	o.hashes = o.hashes[:n]
	for _, byMove := range o.heard {
		for at, h := range byMove {
			if at > n || (at == n && h == o.undone.hash) {
				delete(byMove, at)
			}
		}
	}
}

// furthestAhead is the connected player whose device reported the most moves beyond this
// device's, or "" when none is ahead.
func (o *Online) furthestAhead() string {
	best, most := "", len(o.game.Moves())-1
	for _, p := range o.saved.Online.Players {
		if p == o.me || !o.connected(p) {
			continue
		}
		for at := range o.heard[p] {
			if at > most {
				best, most = p, at
			}
		}
	}
	return best
}

// agreedAt reports whether every connected player's device reported the same hash as this
// one after move at.
func (o *Online) agreedAt(at int) bool {
	if at >= len(o.hashes) {
		return false
	}
	for _, p := range o.saved.Online.Players {
		if p == o.me || !o.connected(p) {
			continue
		}
		if h, ok := o.heard[p][at]; !ok || h != o.hashes[at] {
			return false
		}
	}
	return true
}

// checkResolved ends a desync once all devices agree again at or after the move where they
// parted (the minority adopted the majority's record, or a wrong hash was followed by
// right ones).
func (o *Online) checkResolved(at int) {
	if d := o.desync; d != nil && at >= d.at && o.agreedAt(at) {
		o.desync = nil
		o.notify(fmt.Sprintf("The players' games agree again (after move %d).", at+1), false)
	}
}

// detectDesync starts resolving a disagreement about the state after move at.
func (o *Online) detectDesync(at int, player string) {
	if o.desync != nil && o.desync.at <= at {
		return
	}
	if o.agreed[at] != "" {
		// This device agreed to take move at back, and the others may have done so and
		// played its replacement before the undo reached it (it comes on another channel).
		return
	}
	o.desync = &desyncState{at: at}
	if at < len(o.hashes) {
		// Tell everyone this device's hash there, so every device sees the same disagreement.
		o.broadcast(wireMessage{Type: msgAck, Game: o.saved.ID, At: at, Hash: o.hashes[at]})
	}
	o.notify(fmt.Sprintf("Desync: %s's game differs from yours after move %d. The record the majority of the players hold will be kept.", o.playerName(player), at+1), true)
	if o.run != nil {
		time.AfterFunc(desyncWait, func() {
			o.run(func() {
				if o.desync != nil && o.desync.at == at {
					o.desync.waited = true
					o.evaluateDesync()
					o.changed()
				}
			})
		})
	}
}

// evaluateDesync decides, once every connected device has reported its hash after the
// divergent move (or the wait is over), which record is right: the one most connected
// devices hold; on a tie, the host's, then the lowest seat's. A device in the minority
// fetches that record and adopts it. Only connected devices vote: every device has heard
// their hashes, so every device decides alike (a departed player's last hash may have
// reached only some of them), and the departed player adopts the result on return.
func (o *Online) evaluateDesync() {
	d := o.desync
	if d == nil || d.adopting != "" {
		return
	}
	players := o.saved.Online.Players
	// The hashes reported after move at, in seat order.
	var order []string
	votes := map[string][]string{}
	reported, connected := 0, 0
	for _, p := range players {
		if !o.connected(p) {
			continue
		}
		connected++
		h, ok := o.heard[p][d.at]
		if p == o.me {
			ok = d.at < len(o.hashes)
			if ok {
				h = o.hashes[d.at]
			}
		}
		if !ok {
			continue
		}
		if votes[h] == nil {
			order = append(order, h)
		}
		votes[h] = append(votes[h], p)
		reported++
	}
	winner := ""
	for _, h := range order {
		if len(votes[h])*2 > connected {
			winner = h
		}
	}
	if winner == "" {
		if reported < connected && !d.waited {
			return // wait for the others' hashes
		}
		for _, h := range order {
			switch {
			case winner == "" || len(votes[h]) > len(votes[winner]):
				winner = h
			case len(votes[h]) == len(votes[winner]) && contains(votes[h], o.saved.Online.Host):
				winner = h
			}
		}
	}
	if winner == "" || (d.at < len(o.hashes) && o.hashes[d.at] == winner) {
		return // this device holds the right record; the others adopt it
	}
	for _, p := range votes[winner] {
		if r := o.peerOf(p); r != nil {
			d.adopting = p
			o.send(r.peer, wireMessage{Type: msgSyncRequest, Game: o.saved.ID, At: 0})
			return
		}
	}
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// adopt replaces this device's game by the record another device sent, after checking that
// every move of it is legal and that it agrees with the majority's hash.
func (o *Online) adopt(r *remote, m wireMessage) {
	d := o.desync
	g, err := engine.NewGame(o.game.Config())
	if err != nil {
		return
	}
	var hashes []string
	for i, mv := range m.Moves {
		mv.At = nil
		if err := g.Apply(mv); err != nil {
			o.notify(fmt.Sprintf("%s's record cannot be adopted: move %d is refused: %s", o.playerName(r.player), i+1, sentenceFragment(err.Error())), true)
			d.adopting = ""
			return
		}
		hashes = append(hashes, hashString(g.Hash()))
	}
	if d.at >= len(hashes) || hashes[len(hashes)-1] != m.Hash {
		o.notify(o.playerName(r.player)+"'s record does not match the hash it claims; it was not adopted.", true)
		d.adopting = ""
		return
	}
	o.game, o.hashes = g, hashes
	o.desync = nil
	o.save()
	o.afterMove()
	o.notify(fmt.Sprintf("Your game had diverged after move %d; it now follows the record the majority holds (from %s).", d.at+1, o.playerName(r.player)), true)
	for _, at := range []int{d.at, len(hashes) - 1} {
		o.broadcast(wireMessage{Type: msgAck, Game: o.saved.ID, At: at, Hash: hashes[at]})
	}
}

// ---- undo ----

func (o *Online) onUndoRequest(r *remote, m wireMessage) {
	if o.phase != PhasePlaying || m.Game != o.saved.ID {
		return
	}
	moves := o.game.Moves()
	no := func(why string) {
		o.send(r.peer, wireMessage{Type: msgUndoVote, Game: o.saved.ID, At: m.At, Reason: why})
	}
	if m.At != len(moves)-1 || o.seatOf(r.player) != moves[m.At].Player {
		no("that is not the last move, or not theirs")
		return
	}
	if !o.game.CanUndo() {
		no("cards were drawn since")
		return
	}
	o.asked = &undoRequest{at: m.At, from: r.player}
	o.dirty = true
}

func (o *Online) onUndoVote(r *remote, m wireMessage) {
	u := o.undo
	if u == nil || m.Game != o.saved.ID || m.At != u.at || o.seatOf(r.player) < 0 {
		return
	}
	if !m.Yes {
		o.undo = nil
		why := ""
		if m.Reason != "" {
			why = " (" + m.Reason + ")"
		}
		o.notify(o.playerName(r.player)+" did not agree to take back your move"+why+".", true)
		return
	}
	u.votes[r.player] = true
	for _, p := range o.saved.Online.Players {
		if p != o.me && !u.votes[p] {
			return
		}
	}
	o.undo = nil
	if err := o.game.Undo(); err != nil {
		o.notify(err.Error(), true)
		return
	}
	o.forgetUndone()
	o.save()
	o.dirty = true
	o.broadcast(wireMessage{Type: msgUndo, Game: o.saved.ID, At: u.at})
	o.notify("Everyone agreed: your last move is taken back.", false)
}

func (o *Online) onUndo(r *remote, m wireMessage) {
	if o.phase != PhasePlaying || m.Game != o.saved.ID || o.agreed[m.At] != r.player || len(o.game.Moves()) != m.At+1 {
		return
	}
	delete(o.agreed, m.At)
	if err := o.game.Undo(); err != nil {
		o.notify("The agreed undo could not be applied here: "+sentenceFragment(err.Error()), true)
		return
	}
	o.forgetUndone()
	o.save()
	o.dirty = true
	o.notify(o.playerName(r.player)+" took back their last move, as everyone agreed.", false)
}

// ---- storage ----

// onlineMeta is what an online game stores besides the record.
type onlineMeta struct {
	Room    string   `json:"room"`
	Me      string   `json:"me"`      // this device's player id
	Host    string   `json:"host"`    // the player who created the room
	Players []string `json:"players"` // player ids by seat
	// The seed draw, so that anyone can check the seed later: every commitment and secret,
	// by seat.
	Commits []string `json:"commits,omitempty"`
	Secrets []string `json:"secrets,omitempty"`
	// RoomSecret derives the key that reopens the room (online_reopen.go); it stays on the
	// players' devices (exported files leave it out).
	RoomSecret string `json:"room_secret,omitempty"`
}

// save stores the game after a change. A storage failure cannot undo another device's move,
// so it is shown and the game goes on.
func (o *Online) save() {
	sg := o.saved
	sg.Record = o.game.Record()
	if sg.Record.Moves == nil {
		sg.Record.Moves = []engine.Move{}
	}
	if now := o.opts.Now().UnixMilli(); now > sg.Updated {
		sg.Updated = now
	}
	if err := saveGame(o.store, sg, o.game); err != nil {
		o.notify("The game could not be saved on this device: "+sentenceFragment(err.Error()), true)
		return
	}
	o.saved = sg
}

// OpenOnline reopens a saved online game; Connect then re-enters its room, and the devices
// exchange what each has missed.
func OpenOnline(store Store, id string, opts OnlineOptions) (*Online, error) {
	opts.defaults()
	sg, err := loadGame(store, id)
	if err != nil {
		return nil, err
	}
	meta := sg.Online
	if meta == nil || len(meta.Players) != sg.Record.Config.Players {
		return nil, &Error{Msg: "This saved game is not an online game."}
	}
	g, err := replayStored(sg.Record)
	if err != nil {
		return nil, &Error{Msg: "This saved game cannot be opened. " + err.Error(), Err: err}
	}
	o := &Online{
		bots:     newBotDriver(opts.BotPause),
		store:    store,
		opts:     opts,
		room:     meta.Room,
		me:       meta.Me,
		host:     meta.Host == meta.Me,
		remotes:  map[string]*remote{},
		heard:    map[string]map[int]string{},
		agreed:   map[int]string{},
		seatBots: map[int]seatBot{},
		phase:    PhasePlaying,
		saved:    sg,
	}
	o.roomSecret = meta.RoomSecret
	seat := -1
	for i, p := range meta.Players {
		if p == meta.Me {
			seat = i
		}
	}
	if seat < 0 || opts.Dial == nil {
		return nil, &Error{Msg: "This saved online game does not say which player this device is."}
	}
	o.name, o.colour = g.State().Name(seat), colourOf(sg.Colours, seat)
	// Rebuild the hash after every move for desync checks.
	h, err := engine.NewGame(g.Config())
	if err != nil {
		return nil, err
	}
	for _, mv := range g.Moves() {
		_ = h.Apply(mv)
		o.hashes = append(o.hashes, hashString(h.Hash()))
	}
	o.game = g
	return o, nil
}

// OpenSaved opens a saved game as the session it was played in: a hotseat game on this
// device, or an online game (which then needs opts to reconnect).
func OpenSaved(store Store, id string, opts OnlineOptions) (Session, error) {
	sg, err := loadGame(store, id)
	if err != nil {
		return nil, err
	}
	if sg.Online != nil {
		return OpenOnline(store, id, opts)
	}
	return OpenHotseat(store, id)
}
