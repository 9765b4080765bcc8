/// Every workload, in the order the table prints them.
let allWorkloads: [Workload] =
  coreWorkloads + navigationWorkloads + collectionWorkloads + identifiedArrayWorkloads
  + effectWorkloads + testingWorkloads + observationWorkloads + sharingWorkloads
  + debuggingWorkloads
