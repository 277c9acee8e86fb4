// Login (public): /login, /:olympiadName/login.
export { LoginScreen as default } from '../../features/login/components/login-screen';
