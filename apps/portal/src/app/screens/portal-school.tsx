// School (teacher): /portal/:olympiadName/school.
export { MySchoolScreen as default } from '../../features/school/components/my-school-screen';
