"""`/monopoly-admin`: a server's settings, seasons and hidden players."""
