//go:build !js

package push

import (
	"context"
	"time"
)

// remindBatch is how many due reminders one round takes from the store at a time.
const remindBatch = 100

// reminders sends the reminders as they come due, every Config.RemindEvery, until Close.
func (s *Service) reminders() {
	defer s.wg.Done()
	t := time.NewTicker(s.cfg.RemindEvery)
	defer t.Stop()
	for {
		select {
		case <-s.ctx.Done():
			return
		case <-t.C:
			s.sweep()
			s.count.sweeps.Add(1)
		}
	}
}

// sweep takes every reminder due by now and sends each as a push of kind remind, through
// what a nudge goes through: Spacing and PushesPerDay apply. A reminder past its due by
// more than the kind's TTL (the server was down) is dropped, as the push service would
// drop it.
func (s *Service) sweep() {
	k := kinds["remind"]
	for {
		now := s.cfg.Now()
		ctx, cancel := context.WithTimeout(s.ctx, 10*time.Second)
		due, err := s.store.TakeDue(ctx, now, remindBatch)
		cancel()
		if err != nil {
			if s.ctx.Err() == nil {
				s.cfg.Logf("push: reading the reminders due: %v", err)
			}
			return
		}
		for _, r := range due {
			s.count.reminded.Add(1)
			if now.Sub(r.Due) > k.ttl {
				continue
			}
			s.mu.Lock()
			send, lerr := s.lim.spacing(pair{r.Game, r.Seat}, now)
			s.mu.Unlock()
			switch {
			case lerr != nil:
				s.cfg.Logf("push: a reminder not sent: %s", lerr.Code)
				continue
			case !send:
				s.count.coalesced.Add(1)
				continue
			}
			ctx, cancel := context.WithTimeout(s.ctx, 10*time.Second)
			s.deliver(ctx, r.Game, r.Key, "remind", k) // a failure is logged: a reminder is a courtesy
			cancel()
			if s.ctx.Err() != nil {
				return
			}
		}
		if len(due) < remindBatch {
			return
		}
	}
}

// cancelReminder drops a seat's pending reminder. Failing, it is logged and the request
// still served: a stale reminder is a nuisance, a nudge not sent a missed turn.
func (s *Service) cancelReminder(ctx context.Context, game string, seat int) {
	if _, err := s.store.CancelReminder(ctx, game, seat); err != nil {
		s.cfg.Logf("push: cancelling a reminder: %v", err)
	}
}
