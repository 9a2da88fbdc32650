//go:build unix

package main

import (
	"context"
	"crypto/ed25519"
	"crypto/rand"
	"encoding/json"
	"errors"
	"fmt"
	mrand "math/rand/v2"
	"sync"
	"sync/atomic"
	"time"

	"brass/mailbox"
)

// catchUp opens a stored game from its start and reads it to the live frame: a device
// opening a game it has never seen, or a new device of a seat.
func catchUp(ctx context.Context, url, game string) (time.Duration, int, error) {
	ctx, cancel := context.WithTimeout(ctx, 30*time.Second)
	defer cancel()
	start := time.Now()
	c, err := mailbox.Dial(ctx, url, mailbox.Frame{Game: game})
	if err != nil {
		return 0, 0, err
	}
	defer c.Close()
	n := 0
	for {
		select {
		case d, ok := <-c.Deliveries():
			if !ok {
				return 0, n, fmt.Errorf("catching up game %s: the connection ended: %v", game, c.Err())
			}
			if d.Live {
				return time.Since(start), n, nil
			}
			n++
		case <-ctx.Done():
			return 0, n, fmt.Errorf("catching up game %s: no live frame in 30 s", game)
		}
	}
}

// catchUps times -catchups catch-ups of different stored games, one after another, on the
// idle server.
func (e *env) catchUps(ctx context.Context) error {
	la := loadAvg()
	var times []time.Duration
	for _, i := range mrand.Perm(len(e.seed.ids))[:e.o.catchups] {
		d, n, err := catchUp(ctx, e.url, e.seed.ids[i])
		if err != nil {
			return err
		}
		if n != e.o.messages {
			return fmt.Errorf("catching up game %s: %d messages, want %d", e.seed.ids[i], n, e.o.messages)
		}
		times = append(times, d)
	}
	fmt.Printf("FIGURE catch-up of %d messages, idle server (%s; %d stored games): %s; how: Dial with after 0 to the live frame, %d different random stored games one after another, target 300 ms; load average at start %s\n",
		e.o.messages, e.what, len(e.seed.ids), quantiles(times), len(times), la)
	return nil
}

// liveGame is a game created through the server for the live phase, with its seats' keys.
type liveGame struct {
	id    string
	seats []ed25519.PrivateKey
}

// newLiveGame creates and starts a game of three seats through the server at url.
func newLiveGame(ctx context.Context, url string) (*liveGame, error) {
	secret := make([]byte, 32)
	rand.Read(secret)
	invite, err := mailbox.InvitationKey(secret)
	if err != nil {
		return nil, err
	}
	host := newKey()
	g := &liveGame{id: mailbox.GameID(invite.Public().(ed25519.PublicKey))}
	var seats []mailbox.Seat
	for range 3 {
		k := newKey()
		box, err := mailbox.BoxKeyFrom(k.Seed())
		if err != nil {
			return nil, err
		}
		g.seats = append(g.seats, k)
		seats = append(seats, mailbox.Seat{Sign: mailbox.Encode64(k.Public().(ed25519.PublicKey)), Box: mailbox.Encode64(box.Public[:])})
	}
	body, _ := json.Marshal(mailbox.CreateBody{Seats: 3, Host: mailbox.Encode64(host.Public().(ed25519.PublicKey))})
	create := signed(g.id, mailbox.KindCreate, -1, invite, body)
	gen, _ := json.Marshal(mailbox.GenesisBody{Seats: seats, Game: json.RawMessage(`{"seed":"commit"}`)})
	c, err := mailbox.Dial(ctx, url, mailbox.Frame{Game: g.id, Create: &create})
	if err != nil {
		return nil, fmt.Errorf("creating a live game: %w", err)
	}
	defer c.Close()
	go func() {
		for range c.Deliveries() {
		}
	}()
	if _, err := c.Append(ctx, signed(g.id, mailbox.KindGenesis, -1, host, gen)); err != nil {
		return nil, fmt.Errorf("starting a live game: %w", err)
	}
	return g, nil
}

func signed(game, kind string, from int, key ed25519.PrivateKey, body []byte) mailbox.Envelope {
	nonce, err := mailbox.NewNonce(rand.Reader)
	if err != nil {
		panic(err)
	}
	e := mailbox.Envelope{Game: game, Kind: kind, From: from, To: -1, Nonce: nonce, Body: body}
	e.Sign(key)
	return e
}

// move is a seat's game envelope with a body of 300 to 700 random bytes.
func (g *liveGame) move(seat int) mailbox.Envelope {
	body := make([]byte, 300+mrand.IntN(401))
	rand.Read(body)
	return signed(g.id, mailbox.KindGame, seat, g.seats[seat], body)
}

// device is one connected device: a seat of a game (or a spectator, seat −1).
type device struct {
	g    *liveGame
	gi   int
	seat int
	c    *mailbox.Conn
	jobs chan struct{}
}

// latencies collects append-to-delivery times by the nonce of each append.
type latencies struct {
	mu      sync.Mutex
	sent    map[string]sentAt
	samples []time.Duration
	acks    []time.Duration
	late    int // deliveries that came after the measurement ended
}

type sentAt struct {
	t      time.Time
	device int
}

func (l *latencies) send(nonce string, device int, t time.Time) {
	l.mu.Lock()
	l.sent[nonce] = sentAt{t, device}
	l.mu.Unlock()
}

func (l *latencies) deliver(nonce string, device int, t time.Time) {
	l.mu.Lock()
	if s, ok := l.sent[nonce]; ok && s.device != device {
		l.samples = append(l.samples, t.Sub(s.t))
	}
	l.mu.Unlock()
}

// connect dials every device, a few at a time, opening its game after the genesis.
func connect(ctx context.Context, url string, devs []*device, lat *latencies) error {
	var wg sync.WaitGroup
	var failed atomic.Pointer[error]
	sem := make(chan struct{}, 16)
	for i, d := range devs {
		sem <- struct{}{}
		wg.Go(func() {
			defer func() { <-sem }()
			c, err := mailbox.Dial(ctx, url, mailbox.Frame{Game: d.g.id, After: 2, Watch: d.seat < 0})
			if err != nil {
				failed.Store(&err)
				return
			}
			d.c = c
			go func() {
				for m := range c.Deliveries() {
					if !m.Live {
						lat.deliver(m.Env.Nonce, i, time.Now())
					}
				}
			}()
		})
	}
	wg.Wait()
	if err := failed.Load(); err != nil {
		return fmt.Errorf("connecting the devices: %w", *err)
	}
	return nil
}

// live runs the devices' appends and times their deliveries.
func (e *env) live(ctx context.Context) error {
	o := e.o
	nGames := o.devices / 3
	start := time.Now()
	games := make([]*liveGame, nGames)
	var wg sync.WaitGroup
	var next atomic.Int64
	var failed atomic.Pointer[error]
	for range 8 {
		wg.Go(func() {
			for i := int(next.Add(1) - 1); i < nGames; i = int(next.Add(1) - 1) {
				g, err := newLiveGame(ctx, e.url)
				if err != nil {
					failed.Store(&err)
					return
				}
				games[i] = g
			}
		})
	}
	wg.Wait()
	if err := failed.Load(); err != nil {
		return *err
	}
	// Devices in the order the appends go round: seat 0 of every game, then seat 1, …, so
	// that consecutive appends are to different games; the remainder watch the first game.
	var devs []*device
	for seat := range 3 {
		for gi, g := range games {
			devs = append(devs, &device{g: g, gi: gi, seat: seat, jobs: make(chan struct{}, 4)})
		}
	}
	senders := len(devs)
	for range o.devices - senders {
		devs = append(devs, &device{g: games[0], seat: -1})
	}
	lat := &latencies{sent: map[string]sentAt{}}
	if err := connect(ctx, e.url, devs, lat); err != nil {
		return err
	}
	defer func() {
		for _, d := range devs {
			d.c.Close()
		}
	}()
	fmt.Printf("mailboxload: %d live games created and started through the server, %d devices connected (%d seats, %d spectators) in %s\n",
		nGames, len(devs), senders, len(devs)-senders, time.Since(start).Round(time.Millisecond))

	var acked, acked0, refused, skipped atomic.Int64
	var sendWG sync.WaitGroup
	for i, d := range devs[:senders] {
		sendWG.Go(func() {
			for range d.jobs {
				env := d.g.move(d.seat)
				t := time.Now()
				lat.send(env.Nonce, i, t)
				actx, cancel := context.WithTimeout(ctx, 10*time.Second)
				_, err := d.c.Append(actx, env)
				cancel()
				if err != nil {
					refused.Add(1)
					continue
				}
				took := time.Since(t)
				acked.Add(1)
				if d.gi == 0 {
					acked0.Add(1)
				}
				lat.mu.Lock()
				lat.acks = append(lat.acks, took)
				lat.mu.Unlock()
			}
		})
	}

	// Catch-ups under the load: one a second, of stored games not caught up before.
	stopCatch := make(chan struct{})
	var catchTimes []time.Duration
	var catchErr error
	catchDone := make(chan struct{})
	go func() {
		defer close(catchDone)
		t := time.NewTicker(time.Second)
		defer t.Stop()
		for {
			select {
			case <-stopCatch:
				return
			case <-t.C:
			}
			id := e.seed.ids[mrand.IntN(len(e.seed.ids))]
			d, n, err := catchUp(ctx, e.url, id)
			if err == nil && n != o.messages {
				err = fmt.Errorf("caught up %d messages of %s, want %d", n, id, o.messages)
			}
			if err != nil {
				catchErr = err
				return
			}
			catchTimes = append(catchTimes, d)
		}
	}()

	la := loadAvg()
	total := int(o.rate * o.duration.Seconds())
	interval := time.Duration(float64(time.Second) / o.rate)
	begin := time.Now()
	for i := range total {
		at := begin.Add(time.Duration(i) * interval)
		if d := time.Until(at); d > 0 {
			time.Sleep(d)
		}
		select {
		case devs[i%senders].jobs <- struct{}{}:
		default:
			skipped.Add(1) // the device is still waiting for earlier acks: open loop, not queued
		}
	}
	sent := time.Since(begin)
	for _, d := range devs[:senders] {
		close(d.jobs)
	}
	sendWG.Wait()
	close(stopCatch)
	<-catchDone
	// The last deliveries: wait until every append has reached the others, or 5 s.
	want := func() int { return int(acked.Load())*2 + int(acked0.Load())*(len(devs)-senders) }
	deadline := time.Now().Add(5 * time.Second)
	for {
		lat.mu.Lock()
		got := len(lat.samples)
		lat.mu.Unlock()
		if got >= want() || time.Now().After(deadline) {
			break
		}
		time.Sleep(10 * time.Millisecond)
	}
	lat.mu.Lock()
	defer lat.mu.Unlock()
	rate := float64(acked.Load()) / sent.Seconds()
	fmt.Printf("FIGURE append-to-delivery, %d devices in %d live games (%s; %d stored games beside): %s; how: time from the append's Post to its msg frame at each other device of the game (2 seats, and the spectators of game 0), open loop at %.0f appends/s spread evenly (%d scheduled over %s, %d acknowledged: %.1f/s achieved, %d refused, %d skipped as the device was busy); %d deliveries of %d expected; target p95 25 ms (SQLite) / 40 ms (PostgreSQL); load average at start %s\n",
		len(devs), nGames, e.what, len(e.seed.ids), quantiles(lat.samples), o.rate, total, sent.Round(time.Millisecond), acked.Load(), rate, refused.Load(), skipped.Load(),
		len(lat.samples), want(), la)
	fmt.Printf("FIGURE append-to-ack under the same load: %s; how: from Post to the durable ack at the sending device\n", quantiles(lat.acks))
	if catchErr != nil {
		return catchErr
	}
	fmt.Printf("FIGURE catch-up of %d messages under that load: %s; how: as the idle catch-up, one a second of a random stored game, while the devices appended\n",
		o.messages, quantiles(catchTimes))
	if refused.Load() > 0 {
		return errors.New("some appends were refused: the figures are not of a well server")
	}
	return nil
}

// cross runs a second server instance on the same PostgreSQL database and times a move
// appended on the first to its delivery by the second.
func (e *env) cross(ctx context.Context) error {
	st, err := e.openStore(ctx)
	if err != nil {
		return err
	}
	defer st.Close()
	url2, _, stop, err := serveStore(st)
	if err != nil {
		return err
	}
	defer stop()
	const nGames = 50
	la := loadAvg()
	lat := &latencies{sent: map[string]sentAt{}}
	var writers, readers []*device
	for gi := range nGames {
		g, err := newLiveGame(ctx, e.url)
		if err != nil {
			return err
		}
		writers = append(writers, &device{g: g, gi: gi, seat: 0})
		readers = append(readers, &device{g: g, gi: gi, seat: 1})
	}
	if err := connect(ctx, e.url, writers, &latencies{sent: map[string]sentAt{}}); err != nil {
		return err
	}
	// Reader i's deliveries are timed against writer i's sends: distinct device numbers.
	if err := connect(ctx, url2, readers, lat); err != nil {
		return err
	}
	defer func() {
		for _, d := range append(writers, readers...) {
			d.c.Close()
		}
	}()
	total := int(e.o.crossRate * e.o.crossFor.Seconds())
	interval := time.Duration(float64(time.Second) / e.o.crossRate)
	begin := time.Now()
	var wg sync.WaitGroup
	var refused atomic.Int64
	for i := range total {
		at := begin.Add(time.Duration(i) * interval)
		if d := time.Until(at); d > 0 {
			time.Sleep(d)
		}
		w := writers[i%nGames]
		env := w.g.move(0)
		lat.send(env.Nonce, -1, time.Now())
		wg.Go(func() {
			actx, cancel := context.WithTimeout(ctx, 10*time.Second)
			defer cancel()
			if _, err := w.c.Append(actx, env); err != nil {
				refused.Add(1)
			}
		})
	}
	wg.Wait()
	deadline := time.Now().Add(5 * time.Second)
	for {
		lat.mu.Lock()
		got := len(lat.samples)
		lat.mu.Unlock()
		if got >= total || time.Now().After(deadline) {
			break
		}
		time.Sleep(10 * time.Millisecond)
	}
	lat.mu.Lock()
	defer lat.mu.Unlock()
	fmt.Printf("FIGURE across two instances on one PostgreSQL: %s; how: %d appends at %.0f/s to %d games on instance A, each timed from its Post on A to its msg frame at a device of the game connected to instance B (its own pgstore and server in this process, woken by LISTEN/NOTIFY), %d refused; target p95 1 s; load average at start %s\n",
		quantiles(lat.samples), total, e.o.crossRate, nGames, refused.Load(), la)
	return nil
}
