// Tasks (overlord): /overlord/tasks.
export { TasksScreen as default } from '../../features/overlord/components/tasks-screen';
