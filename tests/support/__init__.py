"""What the server and browser tests share: real server processes and their fixtures."""
