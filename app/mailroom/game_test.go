//go:build !js

package mailroom

import (
	"bytes"
	"context"
	"crypto/ed25519"
	"database/sql"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"brass/app/deal"
	"brass/app/dealer"
	"brass/app/online"
	"brass/engine"
	"brass/mailbox"
	"brass/mailbox/sqlitestore"
)

// server is a real mailbox server over SQLite on loopback.
type server struct {
	url   string
	srv   *mailbox.Server
	store *sqlitestore.Store
	dir   string
	stop  func()
}

func newServer(t *testing.T) *server { return newServerIn(t, t.TempDir()) }

// newServerIn serves the store in dir (its mailbox.db), as it is.
func newServerIn(t *testing.T, dir string) *server {
	t.Helper()
	st, err := sqlitestore.Open(filepath.Join(dir, "mailbox.db"), sqlitestore.Options{})
	if err != nil {
		t.Fatal(err)
	}
	srv := mailbox.NewServer(st, mailbox.Config{OpensPerMinute: 1e6}) // (every device is on loopback)
	hs := httptest.NewServer(srv)
	s := &server{url: "ws" + strings.TrimPrefix(hs.URL, "http"), srv: srv, store: st, dir: dir}
	s.stop = func() {
		hs.Close()
		srv.Close()
		st.Close()
	}
	t.Cleanup(func() { s.stop() })
	return s
}

// restart stops the server and starts another on the same store, at another address.
func (s *server) restart(t *testing.T) *server {
	s.stop()
	s.stop = func() {}
	return newServerIn(t, s.dir)
}

// connections counts the devices connected now.
func (s *server) connections(t *testing.T) int {
	st, err := s.srv.Stats(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	return st.Connections
}

// device is one player's device: what it keeps between visits is only its store.
type device struct {
	seat       int
	id         online.Identity
	genesis    *online.Genesis
	signed     []byte // the signed moves, as JSON
	deal       []byte // the deal's state, as JSON
	checkpoint Checkpoint
	keys       seeded // the deal's randomness (a device's crypto/rand)
	visits     int
}

// table is a game of three devices that are never connected at the same time.
type table struct {
	t       *testing.T
	ctx     context.Context
	s       *server
	game    string // the mailbox's game id
	invite  ed25519.PrivateKey
	host    ed25519.PrivateKey
	devices []*device
	rng     *rand.Rand
	config  engine.Config
}

func newTable(t *testing.T, cfg engine.Config) *table {
	ctx, cancel := context.WithTimeout(context.Background(), 4*time.Minute)
	t.Cleanup(cancel)
	secret := make([]byte, 32)
	source(9, 9).Read(secret)
	invite, err := mailbox.InvitationKey(secret)
	if err != nil {
		t.Fatal(err)
	}
	_, host, _ := ed25519.GenerateKey(source(8, 8))
	tb := &table{t: t, ctx: ctx, s: newServer(t), invite: invite, host: host, rng: rand.New(rand.NewPCG(41, 43)), config: cfg,
		game: mailbox.GameID(invite.Public().(ed25519.PublicKey))}
	for seat := 0; seat < cfg.Players; seat++ {
		id, err := online.NewIdentity(source(byte(seat+1), 1))
		if err != nil {
			t.Fatal(err)
		}
		tb.devices = append(tb.devices, &device{seat: seat, id: id, keys: source(byte(seat+1), 2)})
	}
	return tb
}

// alone opens a connection for one device's visit, checking that no other device is on.
func (tb *table) alone(open mailbox.Frame) *mailbox.Conn {
	tb.t.Helper()
	if n := tb.s.connections(tb.t); n != 0 {
		tb.t.Fatalf("a device opens while %d other connections are open", n)
	}
	open.Game = tb.game
	c, err := mailbox.Dial(tb.ctx, tb.s.url, open)
	if err != nil {
		tb.t.Fatal(err)
	}
	return c
}

// closeConn closes a visit's connection and waits until the server has let it go.
func (tb *table) closeConn(c *mailbox.Conn) {
	c.Close()
	for deadline := time.Now().Add(5 * time.Second); tb.s.connections(tb.t) != 0; time.Sleep(time.Millisecond) {
		if time.Now().After(deadline) {
			tb.t.Fatal("the server still counts a closed connection")
		}
	}
}

// lobbyEnvelope is an envelope signed by the invitation's key.
func (tb *table) lobbyEnvelope(kind string, body any, signer ed25519.PrivateKey) mailbox.Envelope {
	b, _ := json.Marshal(body)
	nonce, _ := mailbox.NewNonce(source(byte(tb.rng.IntN(256)), byte(tb.rng.IntN(256))))
	e := mailbox.Envelope{Game: tb.game, Kind: kind, From: -1, To: -1, Nonce: nonce, Body: b}
	e.Sign(signer)
	return e
}

// join is what a player's device says in the lobby: its seat's keys.
type join struct {
	Seat int              `json:"seat"`
	Sign online.PublicKey `json:"sign"`
	Box  online.BoxKey    `json:"box"`
}

// setUp creates the game and gathers the seats through the mailbox alone, one device at a
// time: the host creates it, each player's device says its keys (proving the invitation),
// and the host writes the genesis. (How the seed is drawn over a mailbox, and the seats
// taken as players arrive, is the lobby's part; here the host sets it.)
func (tb *table) setUp() {
	t := tb.t
	create := tb.lobbyEnvelope(mailbox.KindCreate, mailbox.CreateBody{Seats: tb.config.Players, Host: mailbox.Encode64(tb.host.Public().(ed25519.PublicKey))}, tb.invite)
	c := tb.alone(mailbox.Frame{Create: &create})
	tb.closeConn(c)
	for _, d := range tb.devices {
		c := tb.alone(mailbox.Frame{})
		if _, err := c.Append(tb.ctx, tb.lobbyEnvelope(mailbox.KindLobby, join{Seat: d.seat, Sign: d.id.Public(), Box: d.id.BoxPublic()}, tb.invite)); err != nil {
			t.Fatal(err)
		}
		tb.closeConn(c)
	}
	c = tb.alone(mailbox.Frame{})
	raw, _ := mailbox.Decode64(tb.game, 16)
	g := online.Genesis{Game: hex.EncodeToString(raw), Config: tb.config, Keys: make([]online.PublicKey, tb.config.Players), Boxes: make([]online.BoxKey, tb.config.Players)}
	seats := make([]mailbox.Seat, tb.config.Players)
	for d := range c.Deliveries() {
		if d.Live {
			break
		}
		if d.Env.Kind != mailbox.KindLobby {
			continue
		}
		var j join
		if err := json.Unmarshal(d.Env.Body, &j); err != nil || j.Seat < 0 || j.Seat >= tb.config.Players {
			t.Fatalf("a lobby message that does not read: %v", err)
		}
		g.Keys[j.Seat], g.Boxes[j.Seat] = j.Sign, j.Box
		seats[j.Seat] = mailbox.Seat{Sign: string(j.Sign), Box: string(j.Box)}
	}
	body, _ := json.Marshal(g)
	if _, err := c.Append(tb.ctx, tb.lobbyEnvelope(mailbox.KindGenesis, mailbox.GenesisBody{Seats: seats, Game: body}, tb.host)); err != nil {
		t.Fatal(err)
	}
	tb.closeConn(c)
}

// readGenesis is a device's first visit after the genesis: it takes the game from it.
func (tb *table) readGenesis(d *device) {
	c := tb.alone(mailbox.Frame{})
	defer tb.closeConn(c)
	for m := range c.Deliveries() {
		if m.Live {
			break
		}
		if m.Env.Kind == mailbox.KindGenesis {
			var body mailbox.GenesisBody
			var g online.Genesis
			if err := json.Unmarshal(m.Env.Body, &body); err != nil || json.Unmarshal(body.Game, &g) != nil {
				tb.t.Fatalf("the genesis does not read: %v", err)
			}
			if g.Keys[d.seat] != d.id.Public() || g.Boxes[d.seat] != d.id.BoxPublic() {
				tb.t.Fatalf("the genesis does not hold seat %d's keys", d.seat)
			}
			d.genesis = &g
			return
		}
	}
	tb.t.Fatal("no genesis in the mailbox")
}

// resume takes the device's game up from its store, as a page opened again would.
func (tb *table) resume(d *device) *online.Replica {
	t := tb.t
	if d.signed == nil {
		r, err := online.NewReplica(d.id, *d.genesis, nil, nil, online.DefaultTiming, d.keys)
		if err != nil {
			t.Fatal(err)
		}
		return r
	}
	var signed []online.Signed
	var saved online.DealSaved
	if err := json.Unmarshal(d.signed, &signed); err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(d.deal, &saved); err != nil {
		t.Fatal(err)
	}
	r, err := online.ResumeDealt(d.id, *d.genesis, signed, saved, online.DefaultTiming, d.keys)
	if err != nil {
		t.Fatalf("device %d cannot take its game up from its store: %v", d.seat, err)
	}
	return r
}

func (d *device) store(r *online.Replica) error {
	var err error
	if d.signed, err = json.Marshal(r.Ledger().Moves()); err != nil {
		return err
	}
	d.deal, err = json.Marshal(r.DealState())
	return err
}

// checkpointed stores a checkpoint with the core's state as it is then, as a device's store
// keeps both in one write.
func (d *device) checkpointed(r *online.Replica) func(Checkpoint) {
	return func(cp Checkpoint) {
		if err := d.store(r); err != nil {
			panic(err) // (JSON of plain data)
		}
		d.checkpoint = cp
	}
}

// visit opens one device's game, reads the mailbox, lets its player play while it is their
// turn and they can, and closes it again. It reports whether the device played.
func (tb *table) visit(d *device) (played int) {
	t := tb.t
	if n := tb.s.connections(t); n != 0 {
		t.Fatalf("device %d opens while %d connections are open", d.seat, n)
	}
	d.visits++
	r := tb.resume(d)
	link, err := NewLink(tb.game, *d.genesis, d.id)
	if err != nil {
		t.Fatal(err)
	}
	var notices []string
	sess, err := Open(tb.ctx, Options{URL: tb.s.url, Link: link, Core: r, Checkpoint: d.checkpoint,
		Save:         func() error { return d.store(r) },
		Checkpointed: d.checkpointed(r),
		Ready: func(rd online.Ready) {
			for _, n := range rd.Notices {
				if n.Bad {
					notices = append(notices, n.Text)
				}
			}
		}})
	if err != nil {
		t.Fatal(err)
	}
	idle := func() {
		if err := sess.Idle(tb.ctx); err != nil {
			t.Fatalf("device %d: %v", d.seat, err)
		}
	}
	idle()
	for tries := 0; tries < 8; tries++ {
		var move *engine.Move
		_ = sess.Do(func() error {
			g := r.Game()
			if r.Stopped() != "" || g.Over() || g.State().Actor() != d.seat {
				return nil
			}
			if moves := g.LegalMoves(); len(moves) > 0 {
				m := moves[tb.rng.IntN(len(moves))]
				move = &m
			}
			return nil
		})
		if move == nil {
			break
		}
		if err := sess.Do(func() error { return r.Play(*move) }); err != nil {
			break // it waits for the deal: another device's keys
		}
		played++
		idle()
	}
	var over bool
	_ = sess.Do(func() error { over = r.Game().Over() && r.DealAudit() != ""; return nil })
	if over {
		if err := sess.Finish(tb.ctx); err != nil {
			t.Fatalf("device %d: telling the mailbox the game is over: %v", d.seat, err)
		}
	}
	if rej := sess.Rejected(); len(rej) > 0 {
		t.Fatalf("device %d rejected what the mailbox passed on: %v", d.seat, rej)
	}
	_ = sess.Do(func() error {
		if n := r.Unentitled(); n != 0 {
			t.Fatalf("device %d can open %d cards it may not see", d.seat, n)
		}
		if why := r.Stopped(); why != "" && !r.Game().Over() {
			t.Fatalf("device %d stopped the game: %s (notices: %q)", d.seat, why, notices)
		}
		return nil
	})
	if err := sess.Close(); err != nil {
		t.Fatal(err)
	}
	for deadline := time.Now().Add(5 * time.Second); tb.s.connections(t) != 0; time.Sleep(time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatal("the server still counts a closed connection")
		}
	}
	return played
}

// done says whether every device holds the finished game with its audit done.
func (tb *table) done() bool {
	for _, d := range tb.devices {
		if d.signed == nil {
			return false
		}
		var saved online.DealSaved
		json.Unmarshal(d.deal, &saved)
		if !saved.Auditing || saved.Audit == "" {
			return false
		}
	}
	return true
}

// secretsStored checks the server's database for every key that locks a card a seat holds
// or a face-down card: none may be there, in any message or anywhere in its files.
func (tb *table) secretsStored() {
	t := tb.t
	msgs, err := tb.s.store.Read(tb.ctx, tb.game, 0, 1<<20)
	if err != nil {
		t.Fatal(err)
	}
	var public [][]byte
	for _, m := range msgs {
		var e mailbox.Envelope
		if err := json.Unmarshal(m.Env, &e); err != nil {
			t.Fatal(err)
		}
		if e.To < 0 {
			public = append(public, e.Body)
		}
	}
	files, _ := filepath.Glob(filepath.Join(tb.s.dir, "mailbox.db*"))
	var disk [][]byte
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		disk = append(disk, b)
	}
	for _, d := range tb.devices {
		if d.deal == nil {
			continue
		}
		var saved online.DealSaved
		if err := json.Unmarshal(d.deal, &saved); err != nil {
			t.Fatal(err)
		}
		if saved.Auditing {
			continue // at the audit every key is published, as the rules make the deal public
		}
		for _, dl := range saved.Dealer.Deals {
			opened := map[int]bool{}
			for _, j := range dl.Opened {
				opened[j] = true
			}
			for j, k := range dl.PosKeys {
				if opened[j] || j < len(dl.Given) && dl.Given[j] != d.seat && dl.Given[j] != deal.NoSeat {
					continue // public, or another seat's card (whose own key is that seat's)
				}
				secret := [][]byte{k[:], []byte(mailbox.Encode64(k[:]))}
				for _, hay := range append(public, disk...) {
					for _, s := range secret {
						if bytes.Contains(hay, s) {
							t.Fatalf("seat %d's key for position %d of %s (a card it holds or a face-down one) is in the server's store", d.seat, j, dl.Label)
						}
					}
				}
			}
		}
		seed := d.id.Seed()
		box := d.id.Box()
		for _, hay := range disk {
			if bytes.Contains(hay, seed) || bytes.Contains(hay, box.Private[:]) {
				t.Fatalf("seat %d's private keys are in the server's store", d.seat)
			}
		}
	}
}

// TestAWholeDealtGameThroughTheMailboxAlone: three devices that are never connected at the
// same time play a whole game with hidden cards through a real mailbox server (SQLite) and
// nothing else, each visit starting from what the device stored, the server restarted on its
// store every 25 visits; every device's record
// verifies at the end, the deal's audit passes everywhere, and at no point does the
// server's database hold a key that opens a card in a hand or face down.
func TestAWholeDealtGameThroughTheMailboxAlone(t *testing.T) {
	for _, cfg := range []engine.Config{
		{Edition: "birmingham", Players: 3, Seed: 7, Names: []string{"Ada", "Brunel", "Coade"}, Dealt: true},
		{Edition: "lancashire", Players: 3, Seed: 8, Names: []string{"Ada", "Brunel", "Coade"}, Dealt: true},
	} {
		t.Run(cfg.Edition, func(t *testing.T) {
			tb := newTable(t, cfg)
			tb.setUp()
			for _, d := range tb.devices {
				tb.readGenesis(d)
			}
			visits, moves := 0, 0
			for visits = 0; visits < 3000 && !tb.done(); visits++ {
				moves += tb.visit(tb.devices[visits%len(tb.devices)])
				if visits%10 == 0 {
					tb.secretsStored()
				}
				if visits%25 == 24 {
					tb.s = tb.s.restart(t) // the devices carry on from what the store kept
				}
			}
			if !tb.done() {
				t.Fatalf("after %d visits and %d moves the game is not over and audited everywhere", visits, moves)
			}
			tb.checkEnd()
			if g, err := tb.s.store.Game(tb.ctx, tb.game); err != nil || !g.Finished {
				t.Fatalf("the mailbox does not hold the game as finished: %+v %v", g, err)
			}
			st, _ := tb.s.srv.Stats(tb.ctx)
			t.Logf("%s: %d visits, %d moves, %d messages in the mailbox (%d bytes), %d appends answered as retries since the last restart", cfg.Edition, visits, moves, st.Messages, st.Bytes, st.Dups)
		})
	}
}

// checkEnd: every device holds the same finished game, whose signed record and deal verify
// from what it stored.
func (tb *table) checkEnd() {
	t := tb.t
	var first []online.Signed
	for _, d := range tb.devices {
		var signed []online.Signed
		var saved online.DealSaved
		json.Unmarshal(d.signed, &signed)
		json.Unmarshal(d.deal, &saved)
		if !strings.HasPrefix(saved.Audit, "The deal was audited") {
			t.Fatalf("device %d's audit: %q", d.seat, saved.Audit)
		}
		l, err := online.VerifyDealtRecord(*d.genesis, signed, saved.Reveals)
		if err != nil {
			t.Fatalf("device %d's record does not verify: %v", d.seat, err)
		}
		if !l.Game().Over() {
			t.Fatalf("device %d's game is not over", d.seat)
		}
		rec, ok := dealer.RecordOf(saved.Dealer)
		if !ok {
			t.Fatalf("device %d holds no record of the whole deal", d.seat)
		}
		proofs := map[int]*deal.Keys{}
		for i, s := range signed {
			if s.Proof != nil {
				proofs[i] = s.Proof
			}
		}
		if err := dealer.VerifyRecord(l.Game(), d.genesis.Game, proofs, rec); err != nil {
			t.Fatalf("device %d's deal does not verify: %v", d.seat, err)
		}
		if first == nil {
			first = signed
		} else if fmt.Sprint(len(signed)) != fmt.Sprint(len(first)) || signed[len(signed)-1].Link() != first[len(first)-1].Link() {
			t.Fatalf("device %d holds another record than device 0", d.seat)
		}
	}
}

// tryVisit opens a device's game and reads the mailbox to its end, playing nothing, and
// says how the visit went.
func (tb *table) tryVisit(d *device) error {
	r := tb.resume(d)
	link, err := NewLink(tb.game, *d.genesis, d.id)
	if err != nil {
		return err
	}
	sess, err := Open(tb.ctx, Options{URL: tb.s.url, Link: link, Core: r, Checkpoint: d.checkpoint,
		Save: func() error { return d.store(r) }, Checkpointed: d.checkpointed(r)})
	if err != nil {
		return err
	}
	defer sess.Close()
	return sess.Idle(tb.ctx)
}

// TestAMailboxThatChangesThePastIsCaught: a mailbox that shows a device another past than
// the one it read where the device reads it again is caught at the device's next visit, with
// a clear error, and the device's game is left as it was: the checkpoint's own message changed
// on the server's disk, or the store restored from a backup older than what the device read.
// A message changed before the checkpoint is not read again (the device holds what it took
// from it); a device whose checkpoint was stored by the versions before reads the whole log
// again, and catches that too.
func TestAMailboxThatChangesThePastIsCaught(t *testing.T) {
	cfg := engine.Config{Edition: "birmingham", Players: 3, Seed: 9, Names: []string{"Ada", "Brunel", "Coade"}, Dealt: true}
	tb := newTable(t, cfg)
	tb.setUp()
	for _, d := range tb.devices {
		tb.readGenesis(d)
	}
	for v := 0; v < 3; v++ {
		tb.visit(tb.devices[v%3])
	}
	old := t.TempDir()
	if err := sqlitestore.Backup(tb.ctx, filepath.Join(tb.s.dir, "mailbox.db"), filepath.Join(old, "mailbox.db")); err != nil {
		t.Fatal(err)
	}
	for v := 3; v < 9; v++ {
		tb.visit(tb.devices[v%3])
	}
	d := tb.devices[0]
	if err := tb.tryVisit(d); err != nil {
		t.Fatalf("an honest visit: %v", err)
	}
	before, checkpoint := string(d.signed)+string(d.deal), d.checkpoint
	if !checkpoint.resumes() {
		t.Fatalf("the checkpoint of an honest visit cannot resume: %+v", checkpoint)
	}

	// The server's disk changed under the game: a message of another seat's is now another
	// (validly signed) one of that seat's. (Not one of this device's own: it would send that
	// again as it opens, and the store would refuse it first.)
	var others []int64
	msgs, err := tb.s.store.Read(tb.ctx, tb.game, 0, 1<<20)
	if err != nil {
		t.Fatal(err)
	}
	for _, m := range msgs {
		var e mailbox.Envelope
		if json.Unmarshal(m.Env, &e) == nil && e.Kind == mailbox.KindGame && e.From == 1 && m.N < checkpoint.N {
			others = append(others, m.N)
		}
	}
	if len(others) < 2 {
		t.Fatalf("seat 1 sent %d messages", len(others))
	}
	db, err := sql.Open("sqlite", filepath.Join(tb.s.dir, "mailbox.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	envAt := func(n int64) (env []byte) {
		t.Helper()
		if err := db.QueryRow(`SELECT env FROM messages WHERE n = ? AND game = ?`, n, tb.game).Scan(&env); err != nil {
			t.Fatal(err)
		}
		return env
	}
	setEnv := func(n int64, env []byte) {
		t.Helper()
		if _, err := db.Exec(`UPDATE messages SET env = ? WHERE n = ? AND game = ?`, env, n, tb.game); err != nil {
			t.Fatal(err)
		}
	}
	first := envAt(others[0])
	setEnv(others[0], envAt(others[1]))
	if err := tb.tryVisit(d); err != nil {
		t.Fatalf("a visit reading from its checkpoint read a message before it: %v", err)
	}
	if string(d.signed)+string(d.deal) != before {
		t.Fatal("the device's game changed on a visit with nothing new")
	}
	stale := checkpoint
	stale.Prev, stale.Taken, stale.Hellos = nil, nil, nil // as the versions before stored it
	d.checkpoint = stale
	err = tb.tryVisit(d)
	if err == nil || !strings.Contains(err.Error(), "does not hold this game as this device read it") {
		t.Fatalf("a changed message, read again from the start: %v", err)
	}
	if string(d.signed)+string(d.deal) != before {
		t.Fatal("the device's game changed on a visit to a lying mailbox")
	}
	setEnv(others[0], first)
	d.checkpoint = checkpoint

	// The checkpoint's own message is another.
	orig := envAt(checkpoint.N)
	setEnv(checkpoint.N, envAt(others[0]))
	err = tb.tryVisit(d)
	if err == nil || !strings.Contains(err.Error(), "does not hold this game as this device read it") {
		t.Fatalf("the checkpoint's message changed: %v", err)
	}
	if string(d.signed)+string(d.deal) != before || d.checkpoint.N != checkpoint.N {
		t.Fatal("the device's game changed on a visit to a lying mailbox")
	}
	setEnv(checkpoint.N, orig)
	if err := tb.tryVisit(d); err != nil {
		t.Fatalf("the checkpoint's message as it was: %v", err)
	}

	// The store restored from the backup: the device read more than it holds.
	tb.s = newServerIn(t, old)
	err = tb.tryVisit(d)
	if err == nil || !strings.Contains(err.Error(), "this device read") {
		t.Fatalf("a store restored from an old backup: %v", err)
	}
}

// TestAMailboxCannotMakeADeviceHoldWithoutBound: a mailbox that passes on envelope after
// envelope that does not check out (here, forged into its store: seat 1's key with a
// signature that is not seat 1's) is dropped once they pass a bound, with a clear error;
// the device keeps no more of them than the bound.
func TestAMailboxCannotMakeADeviceHoldWithoutBound(t *testing.T) {
	cfg := engine.Config{Edition: "birmingham", Players: 3, Seed: 9, Names: []string{"Ada", "Brunel", "Coade"}, Dealt: true}
	tb := newTable(t, cfg)
	tb.setUp()
	for _, d := range tb.devices {
		tb.readGenesis(d)
	}
	g, err := tb.s.store.Game(tb.ctx, tb.game)
	if err != nil {
		t.Fatal(err)
	}
	db, err := sql.Open("sqlite", filepath.Join(tb.s.dir, "mailbox.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	key := tb.devices[1].id.Public()
	for i := int64(1); i <= maxRejected+1; i++ {
		e := mailbox.Envelope{Game: tb.game, Kind: mailbox.KindGame, From: 1, To: -1, Key: string(key),
			Nonce: mailbox.Encode64(bytes.Repeat([]byte{byte(i)}, mailbox.NonceSize)), Body: []byte(`{"type":"ack"}`),
			Sig: mailbox.Encode64(make([]byte, 64))}
		b, _ := json.Marshal(e)
		if _, err := db.Exec(`INSERT INTO messages (game, n, to_seat, signer, nonce, env) VALUES (?, ?, -1, ?, ?, ?)`, tb.game, g.Head+i, []byte(key), e.Nonce, b); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := db.Exec(`UPDATE games SET head = ? WHERE id = ?`, g.Head+maxRejected+1, tb.game); err != nil {
		t.Fatal(err)
	}
	d := tb.devices[0]
	err = tb.tryVisit(d)
	if err == nil || !strings.Contains(err.Error(), "do not check out") {
		t.Fatalf("a mailbox passing on forged envelopes without end: %v", err)
	}
	if len(d.checkpoint.Rejected) > maxRejected {
		t.Fatalf("the device keeps %d rejected messages with its checkpoint, more than %d", len(d.checkpoint.Rejected), maxRejected)
	}
}
