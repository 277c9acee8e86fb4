DROP TABLE signin_limits;
