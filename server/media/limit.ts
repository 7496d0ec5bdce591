/**
 * At most `max` pieces of work at once; the rest wait their turn in order. A finished one hands
 * its slot straight to the next waiting, so a newcomer can never slip past the limit.
 */
export function createLimiter(max: number): <T>(work: () => Promise<T>) => Promise<T> {
  let running = 0
  const waiting: (() => void)[] = []
  return async (work) => {
    if (running < max) running++
    else await new Promise<void>((resolve) => waiting.push(resolve))
    try {
      return await work()
    } finally {
      const next = waiting.shift()
      if (next) next()
      else running--
    }
  }
}
