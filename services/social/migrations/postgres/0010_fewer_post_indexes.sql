-- A member's own posts on one board are few: `posts_mine` and `posts_mine_rank` read them
-- with the board as a filter, so the two indexes by member and board go, two fewer for
-- every new post to write.
DROP INDEX posts_mine_board;
DROP INDEX posts_mine_board_rank;
