"""The kit's own development harness: servers for the browser tests and the classroom
demo, the browser latency benchmark, and the install check of the start notebook.
Users of the kit never need to import these."""
