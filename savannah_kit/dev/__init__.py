"""The kit's own development harness: servers for the browser tests and the classroom
demo, the browser latency benchmark, the install check of the start notebook, and the
writer of the route sets shipped for the named Savannah Tails courses.
Users of the kit never need to import these."""
