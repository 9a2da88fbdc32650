// Package parallel runs the tools' numbered jobs (games) on a few goroutines.
package parallel

import "sync"

// Each calls job(i) for i in 0..n-1 on workers goroutines and returns each job's error by
// its number. progress, if not nil, is called after each job with how many are done, one
// call at a time. Jobs write their results by their number, so the results do not depend
// on how many workers ran them.
func Each(n, workers int, job func(i int) error, progress func(done int)) []error {
	errs := make([]error, n)
	next := make(chan int)
	var wg sync.WaitGroup
	var mu sync.Mutex
	done := 0
	for w := 0; w < max(workers, 1); w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range next {
				errs[i] = job(i)
				mu.Lock()
				done++
				if progress != nil {
					progress(done)
				}
				mu.Unlock()
			}
		}()
	}
	for i := 0; i < n; i++ {
		next <- i
	}
	close(next)
	wg.Wait()
	return errs
}
