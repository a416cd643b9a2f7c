-- Schema version 8: RESERVED for the servers branch's 0008 (server settings, seasons,
-- moderation). A placeholder so that this branch's 0009 follows an 8 (the numbers have no
-- gaps). DELETE THIS FILE when merging that branch: its 0008 takes this number.
SELECT 1;
