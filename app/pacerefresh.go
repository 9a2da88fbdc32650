package app

import (
	"context"
	"errors"
	"sort"
	"sync"
	"time"
)

// Keeping the start screen's own-pace games up to date. An own-pace game moves on while this
// device's page is closed, so the list would show what was last saved here (a stale "whose
// turn"), and this device publishes its keys of the deal only while one of its visits runs, so
// the other players' turns would wait on it. While the start screen is shown, the page
// therefore visits each own-pace game in turn, in the background: the same visit the game
// screen makes (OpenOnline or OpenPaceLobby with the screen's options, Connect, caught up
// with the mailbox and saved, then Close), without a screen, each within a time limit so that
// one unreachable game does not hold up the others. The list is read again after each.
//
// A PaceRefresher runs those visits, and is the one place that keeps the rule that a device
// never runs two visits of one game at once (two would each take up the game from the store
// and could sign two different passes of the deal for one place, which the others take for
// cheating): the screen opens a game through Open, which stops a refresh of that game and
// waits until it has closed and saved, and leaves it through Leave, which keeps the game from
// being refreshed until that visit has closed. A refresh also writes through a store that
// refuses every write once it has ended, so nothing it still had in flight can overwrite what
// the screen's visit stores after it.

// The refresher's default pace.
const (
	DefaultRefreshLimit = 20 * time.Second // one game's refresh at most
	DefaultRefreshGap   = time.Minute      // the least time between two visits of a game
	DefaultRefreshEvery = 3 * time.Minute  // between two rounds, while the list is shown
)

// refreshTick is how often a refresh looks whether its visit has caught up, besides the
// changes the visit reports.
const refreshTick = 100 * time.Millisecond

// RefreshConfig sets up a PaceRefresher.
type RefreshConfig struct {
	// Options gives the visits' options, the game screen's (read for each visit).
	Options func() OnlineOptions
	// Run runs a function on the UI goroutine, where the refresher and its visits live.
	Run func(func())
	// Changed is called on the UI goroutine when a refresh begins or ends: the list and
	// which game is being updated have changed. Began, if set, is told a game whose lobby
	// was refreshed and that began meanwhile (its seat can now subscribe to notifications).
	Changed func()
	Began   func(id string)
	// Limit, Gap and Every: one game's time limit, the least time between two visits of a
	// game, the pause between two rounds (zero: the defaults).
	Limit, Gap, Every time.Duration
	// Now is the clock (nil: time.Now).
	Now func() time.Time
}

// PaceRefresher refreshes the own-pace games of a device's store in the background while
// Resumed, one at a time. Every method must be called on the UI goroutine (RefreshConfig.Run).
type PaceRefresher struct {
	store Store
	cfg   RefreshConfig

	active bool          // the list is shown and visible (Resume)
	round  int           // the generation of the next round's timer
	timer  *time.Timer   // the next round, once none is due
	cur    *refreshVisit // the refresh under way
	// busy holds the games with a visit running or closing (a refresh, or the screen's
	// after Leave), with whoever waits for it to end; held the games open on the screen.
	busy map[string]*visitEnd
	held map[string]bool
	last map[string]time.Time // when each game was last visited on this page
}

// refreshVisit is one game's refresh.
type refreshVisit struct {
	id       string
	o        *Online
	gate     *gatedStore
	stopping bool
	queued   bool          // a check is on its way (soon)
	lobby    bool          // it began in the lobby
	caughtUp bool          // it ended because the visit had caught up (not the limit)
	over     chan struct{} // closed once it has ended
}

// visitEnd is a visit of a game that is running or closing, and who waits for its end.
type visitEnd struct {
	visits  int
	waiters []func()
}

// NewPaceRefresher returns a refresher of the own-pace games in store, paused.
func NewPaceRefresher(store Store, cfg RefreshConfig) *PaceRefresher {
	if cfg.Limit <= 0 {
		cfg.Limit = DefaultRefreshLimit
	}
	if cfg.Gap <= 0 {
		cfg.Gap = DefaultRefreshGap
	}
	if cfg.Every <= 0 {
		cfg.Every = DefaultRefreshEvery
	}
	if cfg.Now == nil {
		cfg.Now = time.Now
	}
	if cfg.Changed == nil {
		cfg.Changed = func() {}
	}
	return &PaceRefresher{store: store, cfg: cfg, busy: map[string]*visitEnd{}, held: map[string]bool{}, last: map[string]time.Time{}}
}

// Resume starts refreshing: the list is shown and the page visible. The games not visited
// in the last Gap are refreshed now, one after another, then again every Every.
func (p *PaceRefresher) Resume() {
	if p.active {
		return
	}
	p.active = true
	p.round++
	p.cfg.Run(p.next)
}

// Pause stops refreshing (the list is left or hidden): the refresh under way is stopped
// (closed, with what it read saved) and none starts until Resume.
func (p *PaceRefresher) Pause() {
	p.active = false
	p.round++
	if p.timer != nil {
		p.timer.Stop()
		p.timer = nil
	}
	if v := p.cur; v != nil {
		p.stop(v)
	}
}

// Refreshing is the id of the game being refreshed, or "".
func (p *PaceRefresher) Refreshing() string {
	if p.cur == nil {
		return ""
	}
	return p.cur.id
}

// Open opens game id for the screen: refreshing pauses (the screen leaves the list), a
// refresh of that game is stopped, and once no visit of it runs, open makes the session and
// then gets it (at once when none runs). The game then counts as open on the screen until
// Leave; then must Leave a session it does not show.
func (p *PaceRefresher) Open(id string, open func() (Session, error), then func(Session, error)) {
	p.Pause()
	opened := func() {
		s, err := open()
		if err == nil {
			p.held[id] = true
		}
		then(s, err)
	}
	if b := p.busy[id]; b != nil {
		b.waiters = append(b.waiters, opened)
		return
	}
	opened()
}

// Leave closes the screen's session of game id (nil: none was made) as the game screen does
// when it is left. The game is not refreshed until that visit has closed, and counts as
// visited then.
func (p *PaceRefresher) Leave(id string, s Session) {
	o, ok := s.(*Online)
	if !ok || o.pace == nil {
		if l, ok := s.(Live); ok {
			l.Close()
		}
		if p.busy[id] == nil {
			delete(p.held, id)
		}
		return
	}
	p.enter(id)
	closeVisit(o, p.cfg.Run, func() {
		p.last[id] = p.cfg.Now()
		p.leave(id, func() { delete(p.held, id) })
		p.next()
	})
}

// enter counts a visit of id that runs or closes.
func (p *PaceRefresher) enter(id string) {
	b := p.busy[id]
	if b == nil {
		b = &visitEnd{}
		p.busy[id] = b
	}
	b.visits++
}

// leave counts one of id's visits closed; once none runs, before its waiters, last runs.
func (p *PaceRefresher) leave(id string, last func()) {
	b := p.busy[id]
	if b == nil {
		return
	}
	if b.visits--; b.visits > 0 {
		return
	}
	delete(p.busy, id)
	last()
	for _, w := range b.waiters {
		w()
	}
}

// next starts the next refresh due, or the next round's timer when none is.
func (p *PaceRefresher) next() {
	if !p.active || p.cur != nil {
		return
	}
	for {
		s, ok := p.due()
		if !ok {
			p.schedule()
			return
		}
		p.last[s.ID] = p.cfg.Now()
		if p.start(s) {
			return
		}
	}
}

// schedule sets the next round's timer (one at a time).
func (p *PaceRefresher) schedule() {
	if p.timer != nil {
		p.timer.Stop()
	}
	round := p.round
	p.timer = time.AfterFunc(p.cfg.Every, func() {
		p.cfg.Run(func() {
			if p.round == round && p.active {
				p.timer = nil
				p.next()
			}
		})
	})
}

// due picks the game to refresh next: an own-pace game, not finished nor a failed lobby, not
// open nor visited in the last Gap; first those where another player is to move (their
// moves, and what they wait for from this device), then the longest since visited.
func (p *PaceRefresher) due() (GameSummary, bool) {
	list, _ := ListGames(p.store)
	now := p.cfg.Now()
	var cands []GameSummary
	for _, s := range list {
		if !s.Pace || s.Over || s.Error != "" || p.held[s.ID] || p.busy[s.ID] != nil {
			continue
		}
		if at, seen := p.last[s.ID]; seen && now.Sub(at) < p.cfg.Gap {
			continue
		}
		cands = append(cands, s)
	}
	sort.SliceStable(cands, func(i, j int) bool {
		if cands[i].YourTurn != cands[j].YourTurn {
			return !cands[i].YourTurn
		}
		return p.last[cands[i].ID].Before(p.last[cands[j].ID])
	})
	for _, s := range cands {
		if p.settled(s) {
			p.last[s.ID] = now // nothing to read: looked at again after Gap
			continue
		}
		return s, true
	}
	return GameSummary{}, false
}

// settled reports whether a lobby as stored needs no visit: it failed (a game's is looked at
// once opened: gameSettled).
func (p *PaceRefresher) settled(s GameSummary) bool {
	if !s.Lobby {
		return false
	}
	var rec paceLobbyRecord
	ok, err := p.store.Get(paceLobbyPrefix+s.ID, &rec)
	return !ok || err != nil || rec.Failure != ""
}

// gameSettled reports whether a stored own-pace game needs no visit: it ended, or the mailbox
// was told it is over.
func gameSettled(sg savedGame) bool {
	return sg.Online == nil || sg.Online.Pace == nil || sg.Online.Pace.Finished || sg.Online.Ending != nil
}

// start opens the game's refresh (false: it does not open).
func (p *PaceRefresher) start(s GameSummary) bool {
	id, gate := s.ID, newGatedStore(p.store, s)
	var o *Online
	var err error
	if s.Lobby {
		o, err = OpenPaceLobby(gate, id, p.cfg.Options())
	} else {
		o, err = OpenOnline(gate, id, p.cfg.Options())
	}
	if err != nil || o.pace == nil || (!s.Lobby && gameSettled(o.saved)) {
		return false
	}
	o.background = true
	v := &refreshVisit{id: id, o: o, gate: gate, lobby: s.Lobby, over: make(chan struct{})}
	p.cur = v
	p.enter(id)
	o.Connect(p.cfg.Run, func() { p.soon(v) })
	go p.watch(v)
	p.cfg.Changed()
	return true
}

// watch looks at the refresh every tick, and stops it at its time limit.
func (p *PaceRefresher) watch(v *refreshVisit) {
	limit := time.NewTimer(p.cfg.Limit)
	tick := time.NewTicker(refreshTick)
	defer limit.Stop()
	defer tick.Stop()
	for {
		select {
		case <-v.over:
			return
		case <-tick.C:
			p.cfg.Run(func() { p.check(v) })
		case <-limit.C:
			p.cfg.Run(func() { p.stop(v) })
		}
	}
}

// soon checks the refresh after what the UI goroutine is doing: the visit reports its
// changes from inside its session, which the check reads.
func (p *PaceRefresher) soon(v *refreshVisit) {
	if v.queued {
		return
	}
	v.queued = true
	p.cfg.Run(func() {
		v.queued = false
		p.check(v)
	})
}

// check ends the refresh once its visit has caught up (saved, and the mailbox holds all it
// sent), or once the mailbox refused the game for good.
func (p *PaceRefresher) check(v *refreshVisit) {
	if p.cur != v || v.stopping || !visitSettled(v.o) {
		return
	}
	v.caughtUp = true
	p.stop(v)
}

// stop closes the refresh's visit; it ends once closed.
func (p *PaceRefresher) stop(v *refreshVisit) {
	if v.stopping {
		return
	}
	v.stopping = true
	closeVisit(v.o, p.cfg.Run, func() {
		v.gate.shut()
		close(v.over)
		p.cur = nil
		p.last[v.id] = p.cfg.Now()
		if _, ok := v.o.game(); ok && v.lobby && p.cfg.Began != nil {
			p.cfg.Began(v.id)
		}
		p.leave(v.id, p.cfg.Changed)
		p.next()
	})
}

// visitSettled reports whether a visit has done what it came for: the lobby's visit has read
// the mailbox and the mailbox holds all it said, the game's has caught up, or the mailbox
// refused the game.
func visitSettled(o *Online) bool {
	if o.signal == SignalClosed {
		return true
	}
	if o.pace.lobby == nil {
		return o.CaughtUp()
	}
	s := o.pace.lsess
	if s == nil {
		return false
	}
	done, cancel := context.WithCancel(context.Background())
	cancel()
	return s.Idle(done) == nil
}

// closeVisit closes an own-pace session (Close) and runs then on the UI goroutine once its
// visit has ended: the mailbox sessions' last deliveries are handled (and saved) before.
func closeVisit(o *Online, run func(func()), then func()) {
	var ends []<-chan struct{}
	if s := o.pace.sess; s != nil {
		ends = append(ends, s.Done())
	}
	if s := o.pace.lsess; s != nil {
		ends = append(ends, s.Done())
	}
	o.Close()
	go func() {
		for _, e := range ends {
			<-e
		}
		run(then)
	}()
}

// errRefreshOver is a finished refresh's answer to a write.
var errRefreshOver = errors.New("the background update of this game has ended")

// gatedStore is a refresh's store: the device's, until shut, then refusing every write. It
// keeps the game's time (Updated, "last played" in the list) as it was while what the list
// shows of the game is unchanged: a refresh that brought nothing new has not played it.
type gatedStore struct {
	Store
	id string
	// keep is the time kept while the game has moves moves and no ending (a lobby: names
	// seats taken); begun: the game is stored (a lobby's begins as news).
	keep         int64
	moves, names int
	begun        bool

	mu     sync.Mutex
	closed bool
}

func newGatedStore(store Store, s GameSummary) *gatedStore {
	return &gatedStore{Store: store, id: s.ID, keep: s.Updated, moves: s.Moves, names: len(s.Names), begun: !s.Lobby}
}

func (g *gatedStore) shut() {
	g.mu.Lock()
	g.closed = true
	g.mu.Unlock()
}

func (g *gatedStore) Set(key string, v any) error {
	g.mu.Lock()
	defer g.mu.Unlock()
	if g.closed {
		return errRefreshOver
	}
	switch val := v.(type) {
	case savedGame:
		if key == gameKey(g.id) {
			if g.begun && len(val.Record.Moves) == g.moves && (val.Online == nil || val.Online.Ending == nil) {
				val.Updated = g.keep
			} else {
				g.keep, g.moves, g.begun = val.Updated, len(val.Record.Moves), true
			}
			v = val
		}
	case []GameSummary:
		if key == indexKey {
			list := append([]GameSummary(nil), val...)
			for i := range list {
				if list[i].ID == g.id {
					list[i].Updated = g.keep
				}
			}
			v = list
		}
	case paceLobbyRecord:
		if key == paceLobbyPrefix+g.id {
			if len(val.Names) == g.names && val.Failure == "" {
				val.Updated = g.keep
			} else {
				g.keep, g.names = val.Updated, len(val.Names)
			}
			v = val
		}
	}
	return g.Store.Set(key, v)
}

func (g *gatedStore) Del(key string) error {
	g.mu.Lock()
	defer g.mu.Unlock()
	if g.closed {
		return errRefreshOver
	}
	return g.Store.Del(key)
}
