export class FollowSession { constructor(pace){this.pace=pace;} add(){return null;} get result(){return {coverage:1,classification:'follow',finish:{completed:false}};} }
