//go:build unix

package main

import (
	"bytes"
	"context"
	"crypto/ed25519"
	"crypto/rand"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	mrand "math/rand/v2"
	"os"
	"runtime"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/jackc/pgx/v5"

	"brass/mailbox"
)

// The seeded games are written straight into the store's tables, in the schema of the
// store's first migration (sqlitestore/schema.go, pgstore/migrate.go), rather than through
// Store.Append: 4 million appends through the store's one-at-a-time rules would take far
// longer than the measurement, and what is measured is reading and appending beside them,
// not how they got there. Each envelope is still a real one, as the server stores it: its own
// game id, its own random nonce, signed by the game's own key for it (the create by the
// invitation key the game id is the hash of, the genesis by the host's, each move by its
// seat's). What is shared between games is only the bytes of the bodies, drawn once from a
// pool of 1,024 random bodies of 300 to 700 bytes (sealed or compressed moves are about as
// incompressible): a signature covers the game id, so none can be shared. The games are
// written in the order of their ids, so that the tables' keys (game, n) and (game, signer,
// nonce) grow at their ends. After seeding, verify reads a sample back through Store.Read
// and Store.Game and checks every envelope's signature.

// seedCreator is the creator the seeded games are counted under (no address is).
const seedCreator = "mailboxload-seed"

// seedChunk is how many games go in one transaction.
const seedChunk = 50

type seeder struct {
	o          options
	sqlitePath string
	pgURL      string
	ids        []string // the seeded games, for the catch-ups
}

// seedGame is one game's keys and, once built, its rows.
type seedGame struct {
	id       string
	invite   ed25519.PrivateKey
	host     ed25519.PrivateKey
	seats    []ed25519.PrivateKey
	seatKeys []byte // the genesis's seats, as the server keeps them
	genesis  []byte // the genesis body
	rows     []seedRow
	bytes    int64
}

type seedRow struct {
	n      int64
	signer []byte
	nonce  string
	env    []byte
}

func (s *seeder) run(ctx context.Context) error {
	had, err := s.count(ctx)
	if err != nil {
		return err
	}
	switch {
	case had >= s.o.games:
		fmt.Printf("mailboxload: the store holds %d seeded games already: not seeding\n", had)
		return s.loadIDs(ctx)
	case had > 0:
		return fmt.Errorf("the store holds %d seeded games, fewer than -games %d: give a fresh -dir or -db", had, s.o.games)
	}
	start := time.Now()
	games := make([]*seedGame, s.o.games)
	var wg sync.WaitGroup
	var next atomic.Int64
	for range runtime.GOMAXPROCS(0) {
		wg.Go(func() {
			for i := int(next.Add(1) - 1); i < len(games); i = int(next.Add(1) - 1) {
				games[i] = newSeedGame()
			}
		})
	}
	wg.Wait()
	slices.SortFunc(games, func(a, b *seedGame) int { return strings.Compare(a.id, b.id) })
	keyed := time.Since(start)

	bodies := make([][]byte, 1024)
	for i := range bodies {
		bodies[i] = make([]byte, 300+mrand.IntN(401))
		rand.Read(bodies[i])
	}
	// Workers sign chunks of games; the writer inserts them in order. A semaphore bounds
	// the chunks built and not yet written.
	chunks := (len(games) + seedChunk - 1) / seedChunk
	ready := make([]chan struct{}, chunks)
	for i := range ready {
		ready[i] = make(chan struct{})
	}
	sem := make(chan struct{}, 2*runtime.GOMAXPROCS(0))
	var nextChunk atomic.Int64
	stop := make(chan struct{})
	for range runtime.GOMAXPROCS(0) {
		go func() {
			var seed [32]byte
			rand.Read(seed[:])
			rng := mrand.New(mrand.NewChaCha8(seed))
			for {
				select {
				case sem <- struct{}{}:
				case <-stop:
					return
				}
				c := int(nextChunk.Add(1) - 1)
				if c >= chunks {
					<-sem
					return
				}
				for _, g := range games[c*seedChunk : min(len(games), (c+1)*seedChunk)] {
					g.build(s.o.messages, bodies, rng)
				}
				close(ready[c])
			}
		}()
	}
	defer close(stop)
	w, err := s.writer(ctx)
	if err != nil {
		return err
	}
	defer w.close()
	var total int64
	now := time.Now()
	for c := range chunks {
		<-ready[c]
		part := games[c*seedChunk : min(len(games), (c+1)*seedChunk)]
		if err := w.write(ctx, part, now); err != nil {
			return fmt.Errorf("seeding: %w", err)
		}
		for _, g := range part {
			total += g.bytes
			s.ids = append(s.ids, g.id)
			g.rows = nil
		}
		<-sem
		if (c+1)%(chunks/10+1) == 0 {
			fmt.Printf("mailboxload: seeding: %d of %d games, %s\n", min(len(games), (c+1)*seedChunk), len(games), time.Since(start).Round(time.Second))
		}
	}
	inserted := time.Since(start)
	if err := w.finish(ctx); err != nil {
		return err
	}
	fmt.Printf("mailboxload: seeded %d games × %d messages (%.2f GB of envelopes) in %s (keys %s; signing and bulk insert in id order, %d games a transaction), then settled (%s) in %s\n",
		len(games), s.o.messages, float64(total)/1e9, inserted.Round(time.Second), keyed.Round(time.Millisecond), seedChunk, w.settle(), (time.Since(start) - inserted).Round(time.Second))
	return nil
}

// newSeedGame draws a game's keys, as its devices would.
func newSeedGame() *seedGame {
	secret := make([]byte, 32)
	rand.Read(secret)
	invite, err := mailbox.InvitationKey(secret)
	if err != nil {
		panic(err)
	}
	g := &seedGame{invite: invite, host: newKey()}
	g.id = mailbox.GameID(invite.Public().(ed25519.PublicKey))
	var seats []mailbox.Seat
	for range 3 {
		k := newKey()
		box, err := mailbox.BoxKeyFrom(k.Seed())
		if err != nil {
			panic(err)
		}
		g.seats = append(g.seats, k)
		seats = append(seats, mailbox.Seat{Sign: mailbox.Encode64(k.Public().(ed25519.PublicKey)), Box: mailbox.Encode64(box.Public[:])})
	}
	g.seatKeys, _ = json.Marshal(seats)
	g.genesis, _ = json.Marshal(mailbox.GenesisBody{Seats: seats, Game: json.RawMessage(`{"seed":"commit"}`)})
	return g
}

func newKey() ed25519.PrivateKey {
	_, k, err := ed25519.GenerateKey(rand.Reader)
	if err != nil {
		panic(err)
	}
	return k
}

// build signs the game's messages: the create, the genesis, then moves from each seat in turn.
func (g *seedGame) build(messages int, bodies [][]byte, rng *mrand.Rand) {
	g.rows = make([]seedRow, 0, messages)
	var nonce [mailbox.NonceSize]byte
	add := func(kind string, from int, key ed25519.PrivateKey, body []byte) {
		for i := range nonce {
			nonce[i] = byte(rng.Uint32())
		}
		e := mailbox.Envelope{Game: g.id, Kind: kind, From: from, To: -1, Nonce: mailbox.Encode64(nonce[:]), Body: body}
		e.Sign(key)
		b, err := json.Marshal(&e)
		if err != nil {
			panic(err)
		}
		g.rows = append(g.rows, seedRow{n: int64(len(g.rows) + 1), signer: key.Public().(ed25519.PublicKey), nonce: e.Nonce, env: b})
		g.bytes += int64(len(b))
	}
	create, _ := json.Marshal(mailbox.CreateBody{Seats: 3, Host: mailbox.Encode64(g.host.Public().(ed25519.PublicKey))})
	add(mailbox.KindCreate, -1, g.invite, create)
	add(mailbox.KindGenesis, -1, g.host, g.genesis)
	for i := 2; i < messages; i++ {
		seat := (i - 2) % 3
		add(mailbox.KindGame, seat, g.seats[seat], bodies[rng.IntN(len(bodies))])
	}
}

// seedWriter writes chunks of games into one engine's tables.
type seedWriter interface {
	write(ctx context.Context, games []*seedGame, now time.Time) error
	finish(ctx context.Context) error
	settle() string // what finish does
	close()
}

func (w *sqliteWriter) settle() string { return "WAL checkpoint, fsync of the file" }
func (w *pgWriter) settle() string     { return "VACUUM (ANALYZE), CHECKPOINT" }

func (s *seeder) writer(ctx context.Context) (seedWriter, error) {
	if s.pgURL != "" {
		c, err := pgx.Connect(ctx, s.pgURL)
		if err != nil {
			return nil, err
		}
		return &pgWriter{c: c}, nil
	}
	// Unsynced while seeding (a crash of the seeding leaves a store to throw away), then a
	// checkpoint; the server opens the file with its own settings afterwards.
	db, err := sql.Open("sqlite", s.sqlitePath+"?_pragma=busy_timeout(10000)&_pragma=journal_mode(WAL)&_pragma=synchronous(OFF)&_pragma=foreign_keys(1)&_pragma=cache_size(-262144)")
	if err != nil {
		return nil, err
	}
	db.SetMaxOpenConns(1)
	return &sqliteWriter{db: db, path: s.sqlitePath}, nil
}

// sqliteBatch is the rows of one multi-row insert (6 parameters each, far under SQLite's
// limit): fewer statements cost less than the rows' own work.
const sqliteBatch = 50

type sqliteWriter struct {
	db   *sql.DB
	path string
}

func (w *sqliteWriter) write(ctx context.Context, games []*seedGame, now time.Time) error {
	tx, err := w.db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	insGame, err := tx.PrepareContext(ctx, `INSERT INTO games (id, seats, invite, host, started, seat_keys, head, bytes, lobby, creator, created, touched, finished)
		VALUES (?, 3, ?, ?, 1, ?, ?, ?, 0, ?, ?, ?, 0)`)
	if err != nil {
		return err
	}
	row := "(?, ?, -1, ?, ?, ?)"
	many, err := tx.PrepareContext(ctx, `INSERT INTO messages (game, n, to_seat, signer, nonce, env) VALUES `+strings.Repeat(row+", ", sqliteBatch-1)+row)
	if err != nil {
		return err
	}
	one, err := tx.PrepareContext(ctx, `INSERT INTO messages (game, n, to_seat, signer, nonce, env) VALUES `+row)
	if err != nil {
		return err
	}
	args := make([]any, 0, 5*sqliteBatch)
	for _, g := range games {
		if _, err := insGame.ExecContext(ctx, g.id, []byte(g.invite.Public().(ed25519.PublicKey)), []byte(g.host.Public().(ed25519.PublicKey)),
			g.seatKeys, len(g.rows), g.bytes, seedCreator, now.UnixNano(), now.UnixNano()); err != nil {
			return err
		}
		rows := g.rows
		for len(rows) >= sqliteBatch {
			args = args[:0]
			for _, r := range rows[:sqliteBatch] {
				args = append(args, g.id, r.n, r.signer, r.nonce, r.env)
			}
			if _, err := many.ExecContext(ctx, args...); err != nil {
				return err
			}
			rows = rows[sqliteBatch:]
		}
		for _, r := range rows {
			if _, err := one.ExecContext(ctx, g.id, r.n, r.signer, r.nonce, r.env); err != nil {
				return err
			}
		}
	}
	return tx.Commit()
}

// finish checkpoints the WAL and syncs the file, so that no write-back of the seed is still
// going on when the measurements start.
func (w *sqliteWriter) finish(ctx context.Context) error {
	if _, err := w.db.ExecContext(ctx, `PRAGMA wal_checkpoint(TRUNCATE)`); err != nil {
		return err
	}
	f, err := os.OpenFile(w.path, os.O_RDWR, 0)
	if err != nil {
		return err
	}
	defer f.Close()
	return f.Sync()
}

func (w *sqliteWriter) close() { w.db.Close() }

type pgWriter struct {
	c *pgx.Conn
}

func (w *pgWriter) write(ctx context.Context, games []*seedGame, now time.Time) error {
	return pgx.BeginFunc(ctx, w.c, func(tx pgx.Tx) error {
		var gameRows, msgRows [][]any
		for _, g := range games {
			gameRows = append(gameRows, []any{g.id, 3, []byte(g.invite.Public().(ed25519.PublicKey)), []byte(g.host.Public().(ed25519.PublicKey)),
				true, g.seatKeys, int64(len(g.rows)), g.bytes, int64(0), seedCreator, now, now, false})
			for _, r := range g.rows {
				msgRows = append(msgRows, []any{g.id, r.n, -1, r.signer, r.nonce, r.env})
			}
		}
		if _, err := tx.CopyFrom(ctx, pgx.Identifier{"games"},
			[]string{"id", "seats", "invite", "host", "started", "seat_keys", "head", "bytes", "lobby", "creator", "created", "touched", "finished"},
			pgx.CopyFromRows(gameRows)); err != nil {
			return err
		}
		_, err := tx.CopyFrom(ctx, pgx.Identifier{"messages"}, []string{"game", "n", "to_seat", "signer", "nonce", "env"}, pgx.CopyFromRows(msgRows))
		return err
	})
}

// finish does now what autovacuum and the checkpointer would do over the next minutes after
// a bulk load (vacuum the inserted rows, analyze them, write them out), which would
// otherwise load the disk during the measurements: a store that has held its games a while
// has done it long ago.
func (w *pgWriter) finish(ctx context.Context) error {
	for _, q := range []string{`VACUUM (ANALYZE) games`, `VACUUM (ANALYZE) messages`, `CHECKPOINT`} {
		if _, err := w.c.Exec(ctx, q); err != nil {
			return fmt.Errorf("%s: %w", q, err)
		}
	}
	return nil
}

func (w *pgWriter) close() { w.c.Close(context.Background()) }

// count is how many seeded games the store holds.
func (s *seeder) count(ctx context.Context) (int, error) {
	var n int
	if s.pgURL != "" {
		c, err := pgx.Connect(ctx, s.pgURL)
		if err != nil {
			return 0, err
		}
		defer c.Close(ctx)
		return n, c.QueryRow(ctx, `SELECT count(*) FROM games WHERE creator = $1`, seedCreator).Scan(&n)
	}
	db, err := sql.Open("sqlite", s.sqlitePath)
	if err != nil {
		return 0, err
	}
	defer db.Close()
	return n, db.QueryRowContext(ctx, `SELECT count(*) FROM games WHERE creator = ?`, seedCreator).Scan(&n)
}

// loadIDs reads the seeded games' ids (a store seeded by an earlier run).
func (s *seeder) loadIDs(ctx context.Context) error {
	var rows interface {
		Next() bool
		Scan(...any) error
		Err() error
		Close()
	}
	if s.pgURL != "" {
		c, err := pgx.Connect(ctx, s.pgURL)
		if err != nil {
			return err
		}
		defer c.Close(ctx)
		r, err := c.Query(ctx, `SELECT id FROM games WHERE creator = $1`, seedCreator)
		if err != nil {
			return err
		}
		rows = r
	} else {
		db, err := sql.Open("sqlite", s.sqlitePath)
		if err != nil {
			return err
		}
		defer db.Close()
		r, err := db.QueryContext(ctx, `SELECT id FROM games WHERE creator = ?`, seedCreator)
		if err != nil {
			return err
		}
		rows = sqlRows{r}
	}
	defer rows.Close()
	for rows.Next() {
		var id string
		if err := rows.Scan(&id); err != nil {
			return err
		}
		s.ids = append(s.ids, id)
	}
	return rows.Err()
}

type sqlRows struct{ *sql.Rows }

func (r sqlRows) Close() { r.Rows.Close() }

// verify reads a sample of the seeded games back through the store, as the server does, and
// checks each: its row, its numbers, its envelopes' games, kinds and signatures.
func (s *seeder) verify(ctx context.Context, st mailbox.Store) error {
	sample := min(20, len(s.ids))
	start := time.Now()
	for _, i := range mrand.Perm(len(s.ids))[:sample] {
		id := s.ids[i]
		g, err := st.Game(ctx, id)
		if err != nil {
			return fmt.Errorf("verifying the seed: %w", err)
		}
		if !g.Started || g.Seats != 3 || g.Head < int64(s.o.messages) {
			return fmt.Errorf("verifying the seed: game %s reads back as %+v", id, g)
		}
		var msgs []mailbox.Stored
		for int64(len(msgs)) < g.Head {
			m, err := st.Read(ctx, id, int64(len(msgs)), 256)
			if err != nil {
				return fmt.Errorf("verifying the seed: %w", err)
			}
			if len(m) == 0 {
				break
			}
			msgs = append(msgs, m...)
		}
		var size int64
		var seats []mailbox.Seat
		if err := json.Unmarshal(g.SeatKeys, &seats); err != nil || len(seats) != 3 {
			return fmt.Errorf("verifying the seed: game %s's seat keys do not read back", id)
		}
		for j, m := range msgs {
			var e mailbox.Envelope
			if err := json.Unmarshal(m.Env, &e); err != nil {
				return fmt.Errorf("verifying the seed: game %s message %d: %w", id, m.N, err)
			}
			want := mailbox.KindGame
			switch j {
			case 0:
				want = mailbox.KindCreate
			case 1:
				want = mailbox.KindGenesis
			}
			signer, _ := e.Signer()
			ok := m.N == int64(j+1) && e.Game == id && e.Kind == want && e.Check() == nil && e.Verify()
			switch {
			case j == 0:
				ok = ok && bytes.Equal(signer, g.Invite) && mailbox.GameID(signer) == id
			case j == 1:
				ok = ok && bytes.Equal(signer, g.Host)
			default:
				ok = ok && e.From >= 0 && e.Key == seats[e.From].Sign
			}
			if !ok {
				return fmt.Errorf("verifying the seed: game %s message %d (%s) is not what was seeded", id, m.N, e.Kind)
			}
			size += int64(len(m.Env))
		}
		if len(msgs) != s.o.messages || size != g.Bytes {
			return errors.New("verifying the seed: game " + id + " has another count or size than its row")
		}
	}
	fmt.Printf("mailboxload: seed verified: %d random seeded games read back through Store.Game and Store.Read, every envelope's number, game, kind, signer and signature checked (%s)\n",
		sample, time.Since(start).Round(time.Millisecond))
	return nil
}
